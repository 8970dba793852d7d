# start_resource
import os

import boto3
import dagster as dg
from dagster_aws.pipes import (
    PipesCloudWatchMessageReader,
    PipesGlueClient,
    PipesS3ContextInjector,
)


@dg.resource
def pipes_glue_client(_init_context) -> PipesGlueClient:
    return PipesGlueClient(
        client=boto3.client("glue"),
        context_injector=PipesS3ContextInjector(
            client=boto3.client("s3"),
            bucket=os.environ["DAGSTER_PIPES_BUCKET"],
        ),
        # Glue writes the job's stdout and stderr to CloudWatch Logs.
        message_reader=PipesCloudWatchMessageReader(client=boto3.client("logs")),
    )


# end_resource


# start_asset
@dg.asset
def glue_clean_files(
    context: dg.AssetExecutionContext,
    pipes_glue_client: PipesGlueClient,
) -> dg.MaterializeResult:
    return pipes_glue_client.run(
        context=context,
        start_job_run_params={
            "JobName": "clean-raw-files",
            # Your own job arguments; Dagster adds its bootstrap arguments.
            "Arguments": {"--job-bookmark-option": "job-bookmark-disable"},
        },
        extras={"source_path": "s3://acme-raw/files/"},
    ).get_materialize_result()


# end_asset


# start_definitions
defs = dg.Definitions(
    assets=[glue_clean_files],
    resources={"pipes_glue_client": pipes_glue_client},
)
# end_definitions
