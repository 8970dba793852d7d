import dagster as dg


# start_assets
@dg.asset
def customer_export() -> list[dict]:
    """Pull the full customer table from the CRM."""
    return [{"id": 1, "name": "Acme"}, {"id": 2, "name": "Globex"}]


@dg.asset
def customer_summary(customer_export: list[dict]) -> dict:
    return {"customers": len(customer_export)}


customer_job = dg.define_asset_job(
    "customer_job", selection=[customer_export, customer_summary]
)
# end_assets


# start_basic_schedule
# Every day at 06:00 UTC, run customer_job.
daily_customer_schedule = dg.ScheduleDefinition(
    name="daily_customer_schedule",
    cron_schedule="0 6 * * *",
    target=customer_job,
)
# end_basic_schedule


# start_target_assets
# Target assets directly: Dagster builds the job for you.
hourly_export_schedule = dg.ScheduleDefinition(
    name="hourly_export_schedule",
    cron_schedule="@hourly",
    target=dg.AssetSelection.assets(customer_export),
)
# end_target_assets


# start_default_status
# Starts running as soon as the code is deployed, without a click in the UI.
weekday_customer_schedule = dg.ScheduleDefinition(
    name="weekday_customer_schedule",
    cron_schedule="30 7 * * 1-5",
    target=customer_job,
    default_status=dg.DefaultScheduleStatus.RUNNING,
)
# end_default_status


# start_decorated_schedule
@dg.schedule(cron_schedule="0 * * * *", target=customer_job)
def business_hours_schedule(context: dg.ScheduleEvaluationContext):
    scheduled_time = context.scheduled_execution_time
    if not 9 <= scheduled_time.hour < 17:
        return dg.SkipReason(f"{scheduled_time:%H:%M} is outside business hours")
    # One run per scheduled time: the run key stops a duplicate launch.
    return dg.RunRequest(
        run_key=scheduled_time.isoformat(),
        tags={"scheduled_hour": str(scheduled_time.hour)},
    )
# end_decorated_schedule


# start_multiple_crons
# Twice a day on weekdays, once on Saturday.
uneven_schedule = dg.ScheduleDefinition(
    name="uneven_schedule",
    cron_schedule=["0 8,18 * * 1-5", "0 12 * * 6"],
    target=customer_job,
)
# end_multiple_crons


# start_definitions
defs = dg.Definitions(
    assets=[customer_export, customer_summary],
    jobs=[customer_job],
    schedules=[
        daily_customer_schedule,
        hourly_export_schedule,
        weekday_customer_schedule,
        business_hours_schedule,
        uneven_schedule,
    ],
)
# end_definitions
