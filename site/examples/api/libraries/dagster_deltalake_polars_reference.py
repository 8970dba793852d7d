import polars as pl
from dagster_deltalake import LocalConfig
from dagster_deltalake_polars import DeltaLakePolarsIOManager

import dagster as dg


@dg.asset(key_prefix=["silver"])
def readings() -> pl.DataFrame:
    return pl.DataFrame({"sensor": ["a", "b", "a"], "value": [1.5, 2.0, 2.5]})


@dg.asset(key_prefix=["silver"])
def sensor_means(readings: pl.LazyFrame) -> pl.DataFrame:
    # A LazyFrame annotation scans the Delta table lazily; collect() runs the query.
    return readings.group_by("sensor").agg(pl.col("value").mean()).sort("sensor").collect()


defs = dg.Definitions(
    assets=[readings, sensor_means],
    resources={
        "io_manager": DeltaLakePolarsIOManager(root_uri="lake", storage_options=LocalConfig())
    },
)
