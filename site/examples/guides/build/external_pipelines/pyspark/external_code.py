"""A PySpark application that reports to Dagster through Pipes.

spark-submit runs it; the Spark driver is the process that talks to Dagster.
"""

from dagster_pipes import open_dagster_pipes
from pyspark.sql import SparkSession
from pyspark.sql import functions as F


def main() -> None:
    with open_dagster_pipes() as pipes:
        spark = SparkSession.builder.appName("regional-order-totals").getOrCreate()
        orders = spark.createDataFrame(
            [
                (1, "emea", 120.0),
                (2, "amer", 75.5),
                (3, "emea", 310.25),
                (4, "apac", 42.0),
                (5, "amer", 18.75),
            ],
            ["order_id", "region", "amount"],
        )
        totals = orders.groupBy("region").agg(F.sum("amount").alias("total")).collect()
        spark.stop()

        largest = max(totals, key=lambda row: row["total"])
        pipes.log.info(f"Computed totals for {len(totals)} regions")
        pipes.report_asset_materialization(
            metadata={
                "region_count": len(totals),
                "largest_region": largest["region"],
                "largest_total": float(largest["total"]),
            }
        )


if __name__ == "__main__":
    main()
