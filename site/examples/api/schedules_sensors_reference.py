import os

import dagster as dg


@dg.asset
def daily_orders() -> int:
    return 42


@dg.asset(
    deps=[daily_orders],
    automation_condition=dg.AutomationCondition.eager(),
)
def order_summary() -> None:
    pass


orders_job = dg.define_asset_job("orders_job", selection=[daily_orders])


# Runs the job every morning at 06:00 in the Europe/Paris time zone.
@dg.schedule(
    job=orders_job,
    cron_schedule="0 6 * * *",
    execution_timezone="Europe/Paris",
    default_status=dg.DefaultScheduleStatus.RUNNING,
)
def morning_orders(context: dg.ScheduleEvaluationContext) -> dg.RunRequest:
    day = context.scheduled_execution_time.strftime("%Y-%m-%d")
    return dg.RunRequest(run_key=day, tags={"day": day})


# Requests one run for each new file in a folder, remembering what it saw in the cursor.
@dg.sensor(job=orders_job, minimum_interval_seconds=60)
def new_order_files(context: dg.SensorEvaluationContext) -> dg.SensorResult | dg.SkipReason:
    folder = os.environ.get("ORDERS_DROP_FOLDER", "/tmp/orders")
    seen = set(context.cursor.split(",")) if context.cursor else set()
    files = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
    new_files = [name for name in files if name not in seen]
    if not new_files:
        return dg.SkipReason(f"No new files in {folder}")
    return dg.SensorResult(
        run_requests=[dg.RunRequest(run_key=name) for name in new_files],
        cursor=",".join(sorted(seen | set(new_files))),
    )


# Reacts to failed runs of the job; a real one would page someone.
@dg.run_failure_sensor(monitored_jobs=[orders_job])
def report_order_failures(context: dg.RunFailureSensorContext) -> None:
    context.log.warning(
        f"{context.dagster_run.job_name} failed: {context.failure_event.message}"
    )


defs = dg.Definitions(
    assets=[daily_orders, order_summary],
    jobs=[orders_job],
    schedules=[morning_orders],
    sensors=[new_order_files, report_order_failures],
)
