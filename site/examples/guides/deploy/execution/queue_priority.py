"""Give some runs a place ahead of others in the run queue."""

import dagster as dg


@dg.asset
def executive_dashboard() -> str:
    return "dashboard"


@dg.asset
def archive_export() -> str:
    return "archive"


# start_job_priority
# Higher numbers leave the queue first. Runs without the tag have priority 0.
dashboard_job = dg.define_asset_job(
    "dashboard_job",
    selection=[executive_dashboard],
    tags={"dagster/priority": "3"},
)

archive_job = dg.define_asset_job(
    "archive_job",
    selection=[archive_export],
    tags={"dagster/priority": "-1"},
)
# end_job_priority


# start_schedule_priority
# A schedule can set the priority of the runs it requests, for example to
# push the first run of the day ahead of everything else.
@dg.schedule(job=dashboard_job, cron_schedule="0 * * * *")
def hourly_dashboard(context: dg.ScheduleEvaluationContext):
    hour = context.scheduled_execution_time.hour
    priority = "10" if hour == 6 else "3"
    return dg.RunRequest(tags={"dagster/priority": priority})
# end_schedule_priority

defs = dg.Definitions(
    assets=[executive_dashboard, archive_export],
    jobs=[dashboard_job, archive_job],
    schedules=[hourly_dashboard],
)
