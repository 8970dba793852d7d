from dagster_pyspark import LazyPySparkResource, PySparkResource

import dagster as dg


# start_resource
@dg.asset
def city_counts(pyspark: PySparkResource) -> dg.MaterializeResult:
    spark = pyspark.spark_session  # a SparkSession built from spark_config
    trips = spark.createDataFrame(
        [("Paris", 4.2), ("Lyon", 2.5), ("Paris", 7.1)], schema="city string, km double"
    )
    counts = {row["city"]: row["count"] for row in trips.groupBy("city").count().collect()}
    return dg.MaterializeResult(metadata={"cities": dg.MetadataValue.json(counts)})


# end_resource


# start_lazy
@dg.asset
def maybe_uses_spark(lazy_pyspark: LazyPySparkResource) -> str:
    # No SparkSession starts unless spark_session or spark_context is read.
    return "skipped Spark"


# end_lazy

defs = dg.Definitions(
    assets=[city_counts, maybe_uses_spark],
    resources={
        "pyspark": PySparkResource(
            spark_config={"spark.master": "local[1]", "spark.ui.enabled": "false"}
        ),
        "lazy_pyspark": LazyPySparkResource(spark_config={"spark.master": "local[1]"}),
    },
)
