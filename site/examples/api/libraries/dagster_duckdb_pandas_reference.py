import pandas as pd
from dagster_duckdb_pandas import DuckDBPandasIOManager

import dagster as dg

regions = dg.StaticPartitionsDefinition(["EU", "US"])


# start_assets
# The table lands in the I/O manager's `schema`, which would also win over a key prefix.
@dg.asset
def trips() -> pd.DataFrame:
    return pd.DataFrame(
        {"trip_id": [1, 2, 3], "city": ["Paris", "Austin", "Lyon"], "km": [4.2, 11.0, 2.5]}
    )


# Metadata "schema" overrides both the key prefix and the I/O manager's schema.
@dg.asset(metadata={"schema": "reporting"})
def long_trips(trips: pd.DataFrame) -> pd.DataFrame:
    return trips[trips["km"] > 3]


# Metadata "columns" on the input loads only those columns.
@dg.asset(ins={"trips": dg.AssetIn(metadata={"columns": ["city"]})})
def cities(trips: pd.DataFrame) -> pd.DataFrame:
    return trips.drop_duplicates()


# A partitioned asset needs "partition_expr": the column that holds the partition key.
@dg.asset(partitions_def=regions, metadata={"partition_expr": "region"})
def fares(context: dg.AssetExecutionContext) -> pd.DataFrame:
    return pd.DataFrame({"region": [context.partition_key] * 2, "fare": [9.5, 14.0]})


# end_assets

# start_definitions
defs = dg.Definitions(
    assets=[trips, long_trips, cities, fares],
    resources={"io_manager": DuckDBPandasIOManager(database="trips.duckdb", schema="rides")},
)
# end_definitions
