# start_resource
import dagster as dg
from dagster_aws.pipes import PipesEMRServerlessClient


@dg.resource
def pipes_emr_serverless_client(_init_context) -> PipesEMRServerlessClient:
    # The default message reader reads the driver's output from CloudWatch Logs.
    return PipesEMRServerlessClient()


# end_resource


# start_asset
# A virtual environment with dagster-pipes, packed with venv-pack and
# unpacked by Spark into ./environment.
ENV_ARCHIVE = "s3://acme-emr-scripts/pipes_env.tar.gz#environment"
VENV_PYTHON = "./environment/bin/python"
DRIVER_ENV = "spark.emr-serverless.driverEnv"


@dg.asset
def serverless_order_summary(
    context: dg.AssetExecutionContext,
    pipes_emr_serverless_client: PipesEMRServerlessClient,
) -> dg.MaterializeResult:
    return pipes_emr_serverless_client.run(
        context=context,
        start_job_run_params={
            "applicationId": "00abcdefghijklmn",
            "executionRoleArn": "arn:aws:iam::123456789012:role/emr-serverless-job-role",
            "jobDriver": {
                "sparkSubmit": {
                    "entryPoint": "s3://acme-emr-scripts/external_code.py",
                    "sparkSubmitParameters": " ".join(
                        [
                            f"--conf spark.archives={ENV_ARCHIVE}",
                            f"--conf {DRIVER_ENV}.PYSPARK_DRIVER_PYTHON={VENV_PYTHON}",
                            f"--conf {DRIVER_ENV}.PYSPARK_PYTHON={VENV_PYTHON}",
                            f"--conf spark.executorEnv.PYSPARK_PYTHON={VENV_PYTHON}",
                        ]
                    ),
                }
            },
            "configurationOverrides": {
                "monitoringConfiguration": {
                    "cloudWatchLoggingConfiguration": {"enabled": True},
                }
            },
        },
        extras={"order_count": 1000},
    ).get_materialize_result()


# end_asset


# start_definitions
defs = dg.Definitions(
    assets=[serverless_order_summary],
    resources={"pipes_emr_serverless_client": pipes_emr_serverless_client},
)
# end_definitions
