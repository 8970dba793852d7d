import polars as pl
from dagster_duckdb_polars import DuckDBPolarsIOManager

import dagster as dg


@dg.asset(key_prefix=["staging"])
def sensor_readings() -> pl.DataFrame:
    # Stored as the table staging.sensor_readings in sensors.duckdb.
    return pl.DataFrame({"sensor": ["a", "b", "a"], "celsius": [20.5, 22.0, 21.5]})


defs = dg.Definitions(
    assets=[sensor_readings],
    resources={"io_manager": DuckDBPolarsIOManager(database="sensors.duckdb")},
)
