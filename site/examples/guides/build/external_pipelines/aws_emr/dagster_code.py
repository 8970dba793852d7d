# start_resource
import os

import boto3
import dagster as dg
from dagster_aws.pipes import PipesEMRClient, PipesS3MessageReader


@dg.resource
def pipes_emr_client(_init_context) -> PipesEMRClient:
    return PipesEMRClient(
        client=boto3.client("emr"),
        message_reader=PipesS3MessageReader(
            client=boto3.client("s3"),
            bucket=os.environ["DAGSTER_PIPES_BUCKET"],
            # Also forward the step's stdout and stderr to Dagster.
            include_stdio_in_messages=True,
        ),
    )


# end_resource


# start_asset
@dg.asset
def emr_order_summary(
    context: dg.AssetExecutionContext,
    pipes_emr_client: PipesEMRClient,
) -> dg.MaterializeResult:
    invocation = pipes_emr_client.run(
        context=context,
        run_job_flow_params={
            "Name": "order-summary",
            "ReleaseLabel": "emr-7.5.0",
            "Applications": [{"Name": "Spark"}],
            "LogUri": "s3://acme-emr-logs/order-summary/",
            "Instances": {
                "InstanceGroups": [
                    {
                        "InstanceRole": "MASTER",
                        "InstanceType": "m5.xlarge",
                        "InstanceCount": 1,
                    },
                ],
                # Shut the cluster down once the step has finished.
                "KeepJobFlowAliveWhenNoSteps": False,
            },
            "BootstrapActions": [
                {
                    "Name": "Install dagster-pipes",
                    "ScriptBootstrapAction": {
                        "Path": "s3://acme-emr-scripts/install_dagster_pipes.sh"
                    },
                }
            ],
            "Steps": [
                {
                    "Name": "Summarize orders",
                    "ActionOnFailure": "TERMINATE_CLUSTER",
                    "HadoopJarStep": {
                        "Jar": "command-runner.jar",
                        "Args": [
                            "spark-submit",
                            "--deploy-mode",
                            "cluster",
                            "s3://acme-emr-scripts/external_code.py",
                        ],
                    },
                }
            ],
            "JobFlowRole": "EMR_EC2_DefaultRole",
            "ServiceRole": "EMR_DefaultRole",
        },
    )
    # Fail the asset unless the script itself reported its materialization.
    return invocation.get_materialize_result(implicit_materialization=False)


# end_asset


# start_definitions
defs = dg.Definitions(
    assets=[emr_order_summary],
    resources={"pipes_emr_client": pipes_emr_client},
)
# end_definitions
