import dagster as dg


# start_job
@dg.asset
def store_sales() -> list[int]:
    return [120, 80, 45]


store_sales_job = dg.define_asset_job("store_sales_job", selection=[store_sales])
# end_job

# start_timezone
# 09:00 in New York, whether New York is on EST or EDT.
new_york_morning_schedule = dg.ScheduleDefinition(
    name="new_york_morning_schedule",
    cron_schedule="0 9 * * *",
    target=store_sales_job,
    execution_timezone="America/New_York",
)
# end_timezone


# start_decorator_timezone
@dg.schedule(
    cron_schedule="0 18 * * 1-5",
    target=store_sales_job,
    execution_timezone="Europe/Berlin",
)
def berlin_close_schedule(context: dg.ScheduleEvaluationContext):
    # scheduled_execution_time is timezone-aware, in the schedule's timezone.
    local_time = context.scheduled_execution_time
    return dg.RunRequest(
        run_key=local_time.isoformat(), tags={"local_date": local_time.date().isoformat()}
    )
# end_decorator_timezone


# start_partitioned_timezone
tokyo_days = dg.DailyPartitionsDefinition(start_date="2024-01-01", timezone="Asia/Tokyo")


@dg.asset(partitions_def=tokyo_days)
def tokyo_orders(context: dg.AssetExecutionContext) -> str:
    return context.partition_key


tokyo_orders_job = dg.define_asset_job("tokyo_orders_job", selection=[tokyo_orders])

# The schedule takes its timezone from the partitions: it runs just after
# midnight in Tokyo.
tokyo_orders_schedule = dg.build_schedule_from_partitioned_job(tokyo_orders_job)
# end_partitioned_timezone


# start_dst
# 02:30 does not exist in Los Angeles on the day clocks spring forward:
# that day, this schedule runs at 03:00 instead.
early_los_angeles_schedule = dg.ScheduleDefinition(
    name="early_los_angeles_schedule",
    cron_schedule="30 2 * * *",
    target=store_sales_job,
    execution_timezone="America/Los_Angeles",
)
# end_dst

# start_definitions
defs = dg.Definitions(
    assets=[store_sales, tokyo_orders],
    jobs=[store_sales_job, tokyo_orders_job],
    schedules=[
        new_york_morning_schedule,
        berlin_close_schedule,
        tokyo_orders_schedule,
        early_los_angeles_schedule,
    ],
)
# end_definitions
