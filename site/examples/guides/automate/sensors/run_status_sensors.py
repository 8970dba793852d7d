import os

import dagster as dg


# start_jobs
@dg.op
def load_orders() -> int:
    return 42


@dg.job
def orders_job():
    load_orders()


class DashboardConfig(dg.Config):
    upstream_run_id: str = "manual"


@dg.op
def refresh_dashboard(context: dg.OpExecutionContext, config: DashboardConfig) -> str:
    context.log.info(f"Refreshing after run {config.upstream_run_id}")
    return config.upstream_run_id


@dg.job
def dashboard_job():
    refresh_dashboard()
# end_jobs


# start_success_sensor
@dg.run_status_sensor(
    run_status=dg.DagsterRunStatus.SUCCESS,
    monitored_jobs=[orders_job],
    request_job=dashboard_job,
)
def refresh_dashboard_on_success(context: dg.RunStatusSensorContext):
    upstream_run_id = context.dagster_run.run_id
    return dg.RunRequest(
        run_key=upstream_run_id,
        run_config=dg.RunConfig(
            {"refresh_dashboard": DashboardConfig(upstream_run_id=upstream_run_id)}
        ),
    )
# end_success_sensor


# start_failure_sensor
def send_alert(message: str) -> None:
    """Stand-in for your alerting client (chat, pager, email)."""
    print(message)


@dg.run_failure_sensor(monitored_jobs=[orders_job])
def alert_on_orders_failure(context: dg.RunFailureSensorContext):
    message = (
        f"Job {context.dagster_run.job_name} failed "
        f"(run {context.dagster_run.run_id}): {context.failure_event.message}"
    )
    send_alert(message)
# end_failure_sensor


# start_all_locations
@dg.run_failure_sensor(
    name="alert_on_any_failure",
    monitor_all_code_locations=True,
    default_status=dg.DefaultSensorStatus.RUNNING,
)
def alert_on_any_failure(context: dg.RunFailureSensorContext):
    send_alert(f"Run {context.dagster_run.run_id} of {context.dagster_run.job_name} failed")
# end_all_locations


# start_email_sensor
email_on_failure = dg.make_email_on_run_failure_sensor(
    email_from="dagster-alerts@example.com",
    email_password=os.environ.get("ALERT_EMAIL_PASSWORD", ""),
    email_to=["data-team@example.com"],
    smtp_host="smtp.example.com",
    monitored_jobs=[orders_job],
)
# end_email_sensor


# start_definitions
defs = dg.Definitions(
    jobs=[orders_job, dashboard_job],
    sensors=[
        refresh_dashboard_on_success,
        alert_on_orders_failure,
        alert_on_any_failure,
        email_on_failure,
    ],
)
# end_definitions
