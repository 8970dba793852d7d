# start_resource
import os

import dagster as dg
from dagster_gcp.pipes import PipesDataprocJobClient, PipesGCSMessageReader
from google.cloud.dataproc_v1 import Job, JobControllerClient, JobPlacement, PySparkJob
from google.cloud.storage import Client as GCSClient

PROJECT_ID = os.getenv("GCP_PROJECT_ID", "acme-analytics")
REGION = os.getenv("GCP_REGION", "us-central1")


@dg.resource
def pipes_dataproc_client(_init_context) -> PipesDataprocJobClient:
    return PipesDataprocJobClient(
        client=JobControllerClient(
            client_options={"api_endpoint": f"{REGION}-dataproc.googleapis.com:443"}
        ),
        message_reader=PipesGCSMessageReader(
            bucket=os.environ["DAGSTER_PIPES_BUCKET"],
            client=GCSClient(),
            include_stdio_in_messages=True,
        ),
    )


# end_resource


# start_asset
@dg.asset
def dataproc_page_views(
    context: dg.AssetExecutionContext,
    pipes_dataproc_client: PipesDataprocJobClient,
) -> dg.MaterializeResult:
    job = Job(
        placement=JobPlacement(cluster_name="analytics"),
        pyspark_job=PySparkJob(main_python_file_uri="gs://acme-jobs/external_code.py"),
    )
    return pipes_dataproc_client.run(
        context=context,
        submit_job_params={"project_id": PROJECT_ID, "region": REGION, "job": job},
    ).get_materialize_result()


# end_asset


# start_definitions
defs = dg.Definitions(
    assets=[dataproc_page_views],
    resources={"pipes_dataproc_client": pipes_dataproc_client},
)
# end_definitions
