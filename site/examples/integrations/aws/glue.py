import boto3
import dagster as dg
from dagster_aws.pipes import PipesCloudWatchMessageReader, PipesGlueClient, PipesS3ContextInjector

REGION = "us-east-1"
PIPES_BUCKET = "acme-dagster-pipes"


# start_asset
@dg.asset
def cleaned_orders(
    context: dg.AssetExecutionContext, glue_pipes: PipesGlueClient
) -> dg.MaterializeResult:
    # Starts a run of an existing Glue job and waits for it to finish.
    invocation = glue_pipes.run(
        context=context,
        start_job_run_params={
            "JobName": "clean-orders",
            # Your own job arguments; Dagster adds its Pipes arguments.
            "Arguments": {"--source_prefix": "s3://acme-raw/orders/"},
        },
        extras={"target_table": "analytics.orders_clean"},
    )
    return invocation.get_materialize_result()


# end_asset


# start_definitions
defs = dg.Definitions(
    assets=[cleaned_orders],
    resources={
        "glue_pipes": PipesGlueClient(
            client=boto3.client("glue", region_name=REGION),
            # The run's context goes to a temporary object in this bucket.
            context_injector=PipesS3ContextInjector(
                client=boto3.client("s3", region_name=REGION),
                bucket=PIPES_BUCKET,
            ),
            # Glue sends the script's output to CloudWatch Logs, where Dagster reads it.
            message_reader=PipesCloudWatchMessageReader(
                client=boto3.client("logs", region_name=REGION)
            ),
        ),
    },
)
# end_definitions
