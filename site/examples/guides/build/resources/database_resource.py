"""Connecting to databases: DuckDB locally, Snowflake in production, one asset for both."""

import os

from dagster_duckdb import DuckDBResource
from dagster_snowflake import SnowflakeResource

import dagster as dg


# start_duckdb_asset
@dg.asset(kinds={"duckdb"})
def iris_species(duckdb: DuckDBResource) -> dg.MaterializeResult:
    with duckdb.get_connection() as conn:
        conn.execute(
            """
            create or replace table iris_species as
            select * from (values ('setosa', 50), ('versicolor', 50), ('virginica', 50))
                as t(species, flower_count)
            """
        )
        row_count = conn.execute("select count(*) from iris_species").fetchone()[0]
    return dg.MaterializeResult(metadata={"row_count": row_count})


duckdb_defs = dg.Definitions(
    assets=[iris_species],
    resources={"duckdb": DuckDBResource(database="analytics.duckdb")},
)
# end_duckdb_asset


# start_snowflake_resource
snowflake = SnowflakeResource(
    account=dg.EnvVar("SNOWFLAKE_ACCOUNT"),
    user=dg.EnvVar("SNOWFLAKE_USER"),
    password=dg.EnvVar("SNOWFLAKE_PASSWORD"),
    warehouse="TRANSFORMING",
    database="ANALYTICS",
    schema="PUBLIC",
    role="TRANSFORMER",
)
# end_snowflake_resource


# start_portable_asset
@dg.asset(kinds={"sql"})
def order_counts(warehouse: dg.ResourceParam[DuckDBResource | SnowflakeResource]) -> None:
    # Both resources open a DB-API connection with the same method.
    with warehouse.get_connection() as conn:
        cursor = conn.cursor()
        cursor.execute("create table if not exists order_counts (day date, orders integer)")
        cursor.close()


# end_portable_asset


# start_pick_database
def warehouse_for(deployment: str) -> DuckDBResource | SnowflakeResource:
    if deployment == "production":
        return snowflake
    return DuckDBResource(database="local_warehouse.duckdb")


defs = dg.Definitions(
    assets=[order_counts],
    resources={"warehouse": warehouse_for(os.getenv("DAGSTER_DEPLOYMENT", "local"))},
)
# end_pick_database
