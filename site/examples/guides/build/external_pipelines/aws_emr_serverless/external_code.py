"""A PySpark entry point for an EMR Serverless job run.

Dagster passes the context to the Spark driver in environment variables.
With CloudWatch logging enabled for the job, the default message writer's
output on stdout reaches Dagster through CloudWatch Logs.
"""

from dagster_pipes import open_dagster_pipes
from pyspark.sql import SparkSession


def main() -> None:
    with open_dagster_pipes() as pipes:
        order_count = pipes.get_extra("order_count")
        spark = SparkSession.builder.appName("order-summary").getOrCreate()
        orders = spark.range(order_count).selectExpr("id", "(id % 50) * 2.5 AS amount")
        total = orders.agg({"amount": "sum"}).collect()[0][0]
        spark.stop()

        pipes.log.info(f"Summed {order_count} orders")
        pipes.report_asset_materialization(
            metadata={"order_count": order_count, "total_amount": float(total)}
        )


if __name__ == "__main__":
    main()
