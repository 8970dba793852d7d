"""The body of the former step-launched asset, now a standalone Databricks script.

It reads and writes tables itself instead of receiving and returning
DataFrames through an I/O manager.
"""

from dagster_pipes import PipesDbfsContextLoader, PipesDbfsMessageWriter, open_dagster_pipes
from pyspark.sql import SparkSession
from pyspark.sql import functions as F


def main() -> None:
    with open_dagster_pipes(
        context_loader=PipesDbfsContextLoader(),
        message_writer=PipesDbfsMessageWriter(),
    ) as pipes:
        source_table = pipes.get_extra("source_table")
        target_table = pipes.get_extra("target_table")

        spark = SparkSession.builder.getOrCreate()
        totals = (
            spark.table(source_table)
            .groupBy("customer_id")
            .agg(F.sum("amount").alias("total_amount"))
        )
        totals.write.mode("overwrite").saveAsTable(target_table)

        pipes.report_asset_materialization(
            metadata={"row_count": totals.count(), "table": target_table}
        )


if __name__ == "__main__":
    main()
