# docs-example: no-import
# Creating the Google Cloud clients needs credentials; tests/test_integrations_a.py
# loads this file with the clients replaced.
import dagster as dg
from dagster_gcp.pipes import PipesDataprocJobClient, PipesGCSContextInjector, PipesGCSMessageReader
from google.cloud.dataproc_v1 import JobControllerClient
from google.cloud.storage import Client as GCSClient


# start_asset
@dg.asset
def spark_features(
    context: dg.AssetExecutionContext, dataproc: PipesDataprocJobClient
) -> dg.MaterializeResult:
    """Submit a PySpark job; the script reports back through Dagster Pipes."""
    return dataproc.run(
        context=context,
        submit_job_params={
            "project_id": "acme-analytics",
            "region": "europe-west1",
            "job": {
                "placement": {"cluster_name": "etl-cluster"},
                "pyspark_job": {"main_python_file_uri": "gs://acme-code/features.py"},
            },
        },
    ).get_materialize_result()


# end_asset


# start_definitions
def dataproc_client() -> PipesDataprocJobClient:
    gcs = GCSClient()
    return PipesDataprocJobClient(
        client=JobControllerClient(
            client_options={"api_endpoint": "europe-west1-dataproc.googleapis.com:443"}
        ),
        context_injector=PipesGCSContextInjector(bucket="acme-pipes", client=gcs),
        message_reader=PipesGCSMessageReader(bucket="acme-pipes", client=gcs),
    )


@dg.definitions
def defs() -> dg.Definitions:
    return dg.Definitions(assets=[spark_features], resources={"dataproc": dataproc_client()})


# end_definitions
