import datetime

import dagster as dg


@dg.asset
def exchange_rates() -> dict:
    return {"EUR": 1.08}


daily = dg.DailyPartitionsDefinition(start_date="2024-01-01")


@dg.asset(partitions_def=daily)
def daily_sales(context: dg.AssetExecutionContext) -> None:
    context.log.info(f"Loading sales for {context.partition_key}")


# start_last_update
# Fail if exchange_rates has not been updated in the last two hours.
exchange_rates_freshness = dg.build_last_update_freshness_checks(
    assets=[exchange_rates],
    lower_bound_delta=datetime.timedelta(hours=2),
)
# end_last_update


# start_deadline
# By 09:00 New York time each day, expect an update from the past 24 hours.
exchange_rates_deadline = dg.build_last_update_freshness_checks(
    assets=[exchange_rates],
    lower_bound_delta=datetime.timedelta(hours=24),
    deadline_cron="0 9 * * *",
    timezone="America/New_York",
    severity=dg.AssetCheckSeverity.ERROR,
)
# end_deadline


# start_time_partition
# By 03:00 UTC, yesterday's partition of daily_sales must exist.
daily_sales_freshness = dg.build_time_partition_freshness_checks(
    assets=[daily_sales], deadline_cron="0 3 * * *"
)
# end_time_partition


# start_sensor
freshness_sensor = dg.build_sensor_for_freshness_checks(
    freshness_checks=[*exchange_rates_freshness, *daily_sales_freshness],
    minimum_interval_seconds=300,
)
# end_sensor




# start_definitions
defs = dg.Definitions(
    assets=[exchange_rates, daily_sales],
    asset_checks=[*exchange_rates_freshness, *daily_sales_freshness],
    sensors=[freshness_sensor],
)
# end_definitions

# The deadline variant is shown on the page; it checks the same asset, so it is
# registered in its own Definitions.
deadline_defs = dg.Definitions(assets=[exchange_rates], asset_checks=exchange_rates_deadline)
