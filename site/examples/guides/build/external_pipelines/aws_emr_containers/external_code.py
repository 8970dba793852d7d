"""A PySpark script that runs on EMR on EKS.

Upload it to S3. The job's container image needs `dagster-pipes` and
`boto3` installed.
"""

import boto3
from dagster_pipes import PipesS3MessageWriter, open_dagster_pipes
from pyspark.sql import SparkSession


def main() -> None:
    # The context arrives in environment variables that Dagster adds to the
    # job's spark-env configuration; messages go to the S3 bucket the reader
    # watches.
    writer = PipesS3MessageWriter(client=boto3.client("s3"))
    with open_dagster_pipes(message_writer=writer) as pipes:
        spark = SparkSession.builder.appName("order-summary-eks").getOrCreate()
        orders = spark.createDataFrame(
            [(1, 120.0), (2, 75.5), (3, 310.25)], ["order_id", "amount"]
        )
        row_count = orders.count()
        pipes.log.info(f"Counted {row_count} orders")
        pipes.report_asset_materialization(metadata={"row_count": row_count})
        spark.stop()


if __name__ == "__main__":
    main()
