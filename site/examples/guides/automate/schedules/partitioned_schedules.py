import dagster as dg

# start_time_partitioned
daily_partitions = dg.DailyPartitionsDefinition(start_date="2024-01-01")


@dg.asset(partitions_def=daily_partitions)
def daily_events(context: dg.AssetExecutionContext) -> dict:
    window = context.partition_time_window
    context.log.info(f"Loading events from {window.start} to {window.end}")
    return {"day": context.partition_key}


daily_events_job = dg.define_asset_job("daily_events_job", selection=[daily_events])

# Runs once a day at 00:15 and fills the partition of the day that just ended.
daily_events_schedule = dg.build_schedule_from_partitioned_job(
    daily_events_job, minute_of_hour=15
)
# end_time_partitioned


# start_time_partitioned_later
# The same job, but launched at 03:30 so that late data has time to arrive.
late_daily_events_schedule = dg.build_schedule_from_partitioned_job(
    daily_events_job,
    name="late_daily_events_schedule",
    hour_of_day=3,
    minute_of_hour=30,
)
# end_time_partitioned_later


# start_static_partitioned
region_partitions = dg.StaticPartitionsDefinition(["us", "eu", "apac"])


@dg.asset(partitions_def=region_partitions)
def regional_prices(context: dg.AssetExecutionContext) -> dict:
    return {"region": context.partition_key}


regional_prices_job = dg.define_asset_job(
    "regional_prices_job", selection=[regional_prices]
)


@dg.schedule(cron_schedule="0 4 * * *", target=regional_prices_job)
def regional_prices_schedule(context: dg.ScheduleEvaluationContext):
    day = context.scheduled_execution_time.strftime("%Y-%m-%d")
    # One run for each region on every tick.
    for region in region_partitions.get_partition_keys():
        yield dg.RunRequest(run_key=f"{day}-{region}", partition_key=region)
# end_static_partitioned


# start_pick_partition
@dg.schedule(cron_schedule="0 6 * * 1", target=daily_events_job)
def weekly_rerun_schedule(context: dg.ScheduleEvaluationContext):
    # On Mondays, reprocess the last three complete days.
    keys = daily_partitions.get_partition_keys(
        current_time=context.scheduled_execution_time
    )[-3:]
    return [dg.RunRequest(run_key=f"rerun-{key}", partition_key=key) for key in keys]
# end_pick_partition


# start_definitions
defs = dg.Definitions(
    assets=[daily_events, regional_prices],
    jobs=[daily_events_job, regional_prices_job],
    schedules=[
        daily_events_schedule,
        late_daily_events_schedule,
        regional_prices_schedule,
        weekly_rerun_schedule,
    ],
)
# end_definitions
