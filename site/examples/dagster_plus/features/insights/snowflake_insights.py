import dagster as dg
from dagster_cloud.dagster_insights import (
    InsightsSnowflakeResource,
    create_snowflake_insights_asset_and_schedule,
)


# start_resource
@dg.asset
def daily_signups(snowflake: InsightsSnowflakeResource) -> None:
    # Each query sent through this connection carries a comment that names the
    # run and the asset, so Insights can attribute its Snowflake cost to daily_signups.
    with snowflake.get_connection() as conn:
        conn.cursor().execute(
            "create or replace table analytics.daily_signups as "
            "select date_trunc('day', created_at) as day, count(*) as signups "
            "from raw.users group by 1"
        )


# end_resource

# start_import_schedule
# An hourly partitioned asset and schedule that read SNOWFLAKE.ACCOUNT_USAGE.QUERY_HISTORY
# and submit the cost of the tagged queries to Dagster+ Insights.
snowflake_insights = create_snowflake_insights_asset_and_schedule(
    start_date="2025-01-01-00:00",
    snowflake_resource_key="snowflake",
)
# end_import_schedule

# start_definitions
defs = dg.Definitions(
    assets=[daily_signups, *snowflake_insights.assets],
    schedules=[snowflake_insights.schedule],
    resources={
        "snowflake": InsightsSnowflakeResource(
            account=dg.EnvVar("SNOWFLAKE_ACCOUNT"),
            user=dg.EnvVar("SNOWFLAKE_USER"),
            password=dg.EnvVar("SNOWFLAKE_PASSWORD"),
            warehouse="TRANSFORMING",
        ),
    },
)
# end_definitions
