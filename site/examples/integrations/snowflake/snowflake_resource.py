import dagster as dg
from dagster_snowflake import SnowflakeResource

# start_resource
snowflake = SnowflakeResource(
    account=dg.EnvVar("SNOWFLAKE_ACCOUNT"),
    user=dg.EnvVar("SNOWFLAKE_USER"),
    password=dg.EnvVar("SNOWFLAKE_PASSWORD"),
    warehouse="TRANSFORMING",
    database="ANALYTICS",
    schema="PUBLIC",
    role="TRANSFORMER",
)
# end_resource


# start_assets
@dg.asset(kinds={"snowflake"})
def daily_revenue(snowflake: SnowflakeResource) -> dg.MaterializeResult:
    with snowflake.get_connection() as conn:
        cursor = conn.cursor()
        cursor.execute(
            """
            create or replace table daily_revenue as
            select order_date, sum(amount) as revenue
            from orders
            group by order_date
            """
        )
        cursor.execute("select count(*) from daily_revenue")
        (row_count,) = cursor.fetchone()
    return dg.MaterializeResult(metadata={"dagster/row_count": row_count})


@dg.asset(deps=[daily_revenue], kinds={"snowflake"})
def revenue_last_7_days(snowflake: SnowflakeResource) -> float:
    with snowflake.get_connection() as conn:
        cursor = conn.cursor()
        cursor.execute(
            "select coalesce(sum(revenue), 0) from daily_revenue"
            " where order_date >= dateadd(day, -7, current_date)"
        )
        (total,) = cursor.fetchone()
    return float(total)


# end_assets

# start_definitions
defs = dg.Definitions(
    assets=[daily_revenue, revenue_last_7_days],
    resources={"snowflake": snowflake},
)
# end_definitions
