"""Partitioned assets: time windows, fixed lists, dynamic keys and two dimensions."""

import datetime
from pathlib import Path

import dagster as dg


def _orders_between(start: datetime.datetime, end: datetime.datetime) -> list[dict]:
    # Stand-in for a query against a source system.
    day = start.date().isoformat()
    return [{"order_id": f"{day}-1", "amount": 25.0}, {"order_id": f"{day}-2", "amount": 40.0}]


# start_daily
daily_partitions = dg.DailyPartitionsDefinition(start_date="2024-01-01")


@dg.asset(partitions_def=daily_partitions)
def daily_orders(context: dg.AssetExecutionContext) -> list[dict]:
    # The key of the partition this run materializes, such as "2024-03-15".
    day = context.partition_key
    # The same partition as a time window: [2024-03-15 00:00, 2024-03-16 00:00).
    window = context.partition_time_window
    context.log.info(f"Loading orders for {day}")
    return _orders_between(window.start, window.end)


# end_daily


# start_other_time_windows
weekly_partitions = dg.WeeklyPartitionsDefinition(start_date="2024-01-01", day_offset=1)
monthly_partitions = dg.MonthlyPartitionsDefinition(start_date="2024-01-01")
hourly_partitions = dg.HourlyPartitionsDefinition(
    start_date="2024-01-01-00:00", timezone="America/New_York"
)


@dg.asset(partitions_def=weekly_partitions)
def weekly_signups(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
    window = context.partition_time_window
    return dg.MaterializeResult(
        metadata={"week_start": window.start.date().isoformat(), "signups": 12}
    )


@dg.asset(partitions_def=monthly_partitions)
def monthly_invoices(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
    return dg.MaterializeResult(metadata={"month": context.partition_key})


@dg.asset(partitions_def=hourly_partitions)
def hourly_clicks(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
    # Hourly keys look like "2024-01-01-13:00" and use the given timezone.
    return dg.MaterializeResult(metadata={"hour": context.partition_key})


# end_other_time_windows


# start_static
region_partitions = dg.StaticPartitionsDefinition(["us", "eu", "apac"])


@dg.asset(partitions_def=region_partitions)
def regional_inventory(context: dg.AssetExecutionContext) -> dict:
    region = context.partition_key
    return {"region": region, "skus": 120 if region == "us" else 80}


# end_static


# start_dynamic
customer_partitions = dg.DynamicPartitionsDefinition(name="customers")


@dg.asset(partitions_def=customer_partitions)
def customer_report(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
    customer_id = context.partition_key
    return dg.MaterializeResult(metadata={"customer": customer_id})


CUSTOMER_DROP_FOLDER = Path("data/customers")


@dg.sensor(target=customer_report, minimum_interval_seconds=60)
def new_customer_sensor(context: dg.SensorEvaluationContext) -> dg.SensorResult:
    # Each file in the drop folder, such as acme.csv, is one customer.
    found = sorted(path.stem for path in CUSTOMER_DROP_FOLDER.glob("*.csv"))
    known = set(context.instance.get_dynamic_partitions(customer_partitions.name))
    new_customers = [customer for customer in found if customer not in known]
    return dg.SensorResult(
        # Register the new keys first, then request a run for each of them.
        dynamic_partitions_requests=[customer_partitions.build_add_request(new_customers)],
        run_requests=[dg.RunRequest(partition_key=customer) for customer in new_customers],
    )


# end_dynamic


# start_multi
date_and_region = dg.MultiPartitionsDefinition(
    {
        "date": dg.DailyPartitionsDefinition(start_date="2024-01-01"),
        "region": dg.StaticPartitionsDefinition(["us", "eu", "apac"]),
    }
)


@dg.asset(partitions_def=date_and_region)
def regional_daily_sales(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
    # A MultiPartitionKey such as "2024-03-15|eu", split by dimension name.
    keys = context.partition_key.keys_by_dimension
    return dg.MaterializeResult(metadata={"date": keys["date"], "region": keys["region"]})


# end_multi


# start_job_and_schedule
daily_orders_job = dg.define_asset_job("daily_orders_job", selection=[daily_orders])

# Runs every day, shortly after midnight, for the day that just ended.
daily_orders_schedule = dg.build_schedule_from_partitioned_job(daily_orders_job)
# end_job_and_schedule


# start_definitions
defs = dg.Definitions(
    assets=[
        daily_orders,
        weekly_signups,
        monthly_invoices,
        hourly_clicks,
        regional_inventory,
        customer_report,
        regional_daily_sales,
    ],
    jobs=[daily_orders_job],
    schedules=[daily_orders_schedule],
    sensors=[new_customer_sensor],
)
# end_definitions
