import dagster as dg
from dagster_snowflake import SnowflakeResource, fetch_last_updated_timestamps

# The credentials are read from the environment when a run starts, not at import.
snowflake = SnowflakeResource(
    account=dg.EnvVar("SNOWFLAKE_ACCOUNT"),
    user=dg.EnvVar("SNOWFLAKE_USER"),
    password=dg.EnvVar("SNOWFLAKE_PASSWORD"),
    warehouse="TRANSFORMING",
    database="ANALYTICS",
    schema="PUBLIC",
)


# An external table that another tool loads: Dagster only watches it.
@dg.observable_source_asset
def raw_orders(snowflake: SnowflakeResource) -> dg.ObserveResult:
    with snowflake.get_connection() as conn:
        last_updated = fetch_last_updated_timestamps(
            snowflake_connection=conn, schema="PUBLIC", tables=["raw_orders"]
        )["raw_orders"]
    return dg.ObserveResult(
        data_version=dg.DataVersion(last_updated.isoformat()),
        metadata={"last_updated": last_updated.isoformat()},
    )


@dg.asset(deps=[raw_orders])
def daily_revenue(snowflake: SnowflakeResource) -> dg.MaterializeResult:
    with snowflake.get_connection() as conn:
        cursor = conn.cursor()
        cursor.execute(
            "create or replace table daily_revenue as "
            "select order_date, sum(amount) as revenue from raw_orders group by order_date"
        )
        cursor.execute("select count(*) from daily_revenue")
        (row_count,) = cursor.fetchone()
    return dg.MaterializeResult(metadata={"row_count": row_count})


defs = dg.Definitions(
    assets=[raw_orders, daily_revenue],
    resources={"snowflake": snowflake},
)
