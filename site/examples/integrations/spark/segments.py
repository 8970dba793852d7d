# docs-example: no-import
# Runs under spark-submit, not in Dagster: the Spark job of spark_pipes.py.
from dagster_pipes import open_dagster_pipes
from pyspark.sql import SparkSession

with open_dagster_pipes() as pipes:
    spark = SparkSession.builder.appName("customer_segments").getOrCreate()
    customers = spark.createDataFrame(
        [("acme", 1200.0), ("globex", 80.0), ("initech", 450.0)], ["customer", "spend"]
    )
    segments = customers.selectExpr(
        "customer", "case when spend >= 500 then 'gold' else 'standard' end as segment"
    )
    pipes.log.info("Computed segments")
    pipes.report_asset_materialization(metadata={"row_count": segments.count()})
    spark.stop()
