# start_schedules
import dagster as dg

daily_refresh = dg.ScheduleDefinition(
    name="daily_refresh",
    target=dg.AssetSelection.groups("ingestion", "analytics"),
    cron_schedule="0 6 * * *",
)
# end_schedules
