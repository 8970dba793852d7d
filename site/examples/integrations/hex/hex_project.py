import dagster as dg
from dagster_hex.ops import hex_project_op
from dagster_hex.resources import hex_resource

# start_job
refresh_dashboard = hex_project_op.configured(
    {
        "project_id": "5a8591dd-4039-49df-9202-96385ba3eff8",
        "inputs": {"region": "emea"},
        "poll_timeout": 1800.0,
    },
    name="refresh_dashboard",
)


@dg.job(
    resource_defs={
        "hex": hex_resource.configured({"api_key": {"env": "HEX_API_KEY"}}),
    }
)
def hex_refresh_job():
    refresh_dashboard()


# end_job

# start_schedule
hex_refresh_schedule = dg.ScheduleDefinition(job=hex_refresh_job, cron_schedule="0 7 * * *")
# end_schedule

defs = dg.Definitions(jobs=[hex_refresh_job], schedules=[hex_refresh_schedule])
