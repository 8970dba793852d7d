"""A PySpark job that runs on a Dataproc cluster.

Upload it to Cloud Storage and install `dagster-pipes` and
`google-cloud-storage` on the cluster (for example with the `pip-install`
initialization action or the PIP_PACKAGES cluster metadata).
"""

from dagster_pipes import PipesCliArgsParamsLoader, PipesGCSMessageWriter, open_dagster_pipes
from google.cloud.storage import Client as GCSClient
from pyspark.sql import SparkSession


def main() -> None:
    # Dagster appends --dagster-pipes-context and --dagster-pipes-messages to
    # the job's arguments; messages are written as chunks to Cloud Storage.
    with open_dagster_pipes(
        params_loader=PipesCliArgsParamsLoader(),
        message_writer=PipesGCSMessageWriter(client=GCSClient()),
    ) as pipes:
        spark = SparkSession.builder.appName("page-views").getOrCreate()
        views = spark.range(10_000).selectExpr("id % 24 AS hour")
        hours = views.distinct().count()
        pipes.log.info(f"Found views in {hours} distinct hours")
        pipes.report_asset_materialization(metadata={"distinct_hours": hours})
        spark.stop()


if __name__ == "__main__":
    main()
