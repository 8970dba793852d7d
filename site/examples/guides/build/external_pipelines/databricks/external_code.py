"""A Python script that runs as a Databricks job task.

Upload it to your workspace or DBFS, and install `dagster-pipes` on the
job's cluster (the asset adds it as a task library).
"""

from dagster_pipes import PipesDbfsContextLoader, PipesDbfsMessageWriter, open_dagster_pipes
from pyspark.sql import SparkSession


def main() -> None:
    with open_dagster_pipes(
        context_loader=PipesDbfsContextLoader(),
        message_writer=PipesDbfsMessageWriter(),
    ) as pipes:
        table = pipes.get_extra("table")
        spark = SparkSession.builder.getOrCreate()
        row_count = spark.table(table).count()
        pipes.log.info(f"{table} has {row_count} rows")
        pipes.report_asset_materialization(metadata={"row_count": row_count, "table": table})


if __name__ == "__main__":
    main()
