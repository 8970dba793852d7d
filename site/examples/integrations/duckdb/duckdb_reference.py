import dagster as dg
import pandas as pd
import polars as pl
from dagster_duckdb import DuckDBIOManager
from dagster_duckdb_pandas import DuckDBPandasTypeHandler
from dagster_duckdb_polars import DuckDBPolarsTypeHandler


# start_schema
@dg.asset(metadata={"schema": "raw"})
def stations() -> pd.DataFrame:
    """Stored as raw.stations: the schema comes from the metadata."""
    return pd.DataFrame({"station_id": [1, 2, 3], "name": ["North", "Harbor", "Airport"]})


# end_schema


# start_columns
@dg.asset(ins={"stations": dg.AssetIn(metadata={"columns": ["name"]})})
def station_names(stations: pd.DataFrame) -> pd.DataFrame:
    """Only the name column is read from raw.stations."""
    assert list(stations.columns) == ["name"]
    return stations.sort_values("name", ignore_index=True)


# end_columns


# start_partitions
daily = dg.DailyPartitionsDefinition(start_date="2024-06-01")


@dg.asset(
    partitions_def=daily,
    metadata={"partition_expr": "reading_date"},
)
def readings(context: dg.AssetExecutionContext) -> pd.DataFrame:
    """Each run replaces only the rows of its own day."""
    day = pd.Timestamp(context.partition_key)
    return pd.DataFrame(
        {
            "reading_date": [day, day],
            "station_id": [1, 2],
            "value": [0.4, 1.2],
        }
    )


# end_partitions


# start_static_partitions
regions = dg.StaticPartitionsDefinition(["north", "south"])


@dg.asset(partitions_def=regions, metadata={"partition_expr": "region"})
def regional_targets(context: dg.AssetExecutionContext) -> pd.DataFrame:
    return pd.DataFrame({"region": [context.partition_key], "target": [100]})


# end_static_partitions


# start_multiple_types
class PandasAndPolarsDuckDBIOManager(DuckDBIOManager):
    """Stores pandas and polars DataFrames; loads pandas when no type is given."""

    @staticmethod
    def type_handlers() -> list:
        return [DuckDBPandasTypeHandler(), DuckDBPolarsTypeHandler()]

    @staticmethod
    def default_load_type() -> type | None:
        return pd.DataFrame


@dg.asset
def busy_stations(stations: pd.DataFrame) -> pl.DataFrame:
    """Loads raw.stations as pandas (the default) and stores a polars result."""
    return pl.from_pandas(stations).filter(pl.col("station_id") > 1)


# end_multiple_types


# start_definitions
defs = dg.Definitions(
    assets=[stations, station_names, readings, regional_targets, busy_stations],
    resources={
        "io_manager": PandasAndPolarsDuckDBIOManager(
            database="reference.duckdb", schema="analytics"
        )
    },
)
# end_definitions
