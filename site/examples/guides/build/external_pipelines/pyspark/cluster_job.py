"""The cluster-mode PySpark application: reads its bootstrap parameters from
its arguments and talks to Dagster through S3."""

import boto3
from dagster_pipes import (
    PipesCliArgsParamsLoader,
    PipesS3ContextLoader,
    PipesS3MessageWriter,
    open_dagster_pipes,
)
from pyspark.sql import SparkSession


def main() -> None:
    s3 = boto3.client("s3")
    with open_dagster_pipes(
        params_loader=PipesCliArgsParamsLoader(),
        context_loader=PipesS3ContextLoader(client=s3),
        message_writer=PipesS3MessageWriter(client=s3),
    ) as pipes:
        spark = SparkSession.builder.appName("cluster-order-totals").getOrCreate()
        row_count = spark.read.parquet("s3://acme-lake/orders/").count()
        spark.stop()
        pipes.report_asset_materialization(metadata={"row_count": row_count})


if __name__ == "__main__":
    main()
