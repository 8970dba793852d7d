import dagster as dg


# start_resource
class CalendarClient(dg.ConfigurableResource):
    """Looks up public holidays for a country."""

    country: str

    def is_holiday(self, day: str) -> bool:
        # A real client would call a calendar API here.
        return day in {"2024-12-25", "2025-01-01"}
# end_resource


# start_job
@dg.asset
def settlement_file() -> str:
    return "settled"


settlement_job = dg.define_asset_job("settlement_job", selection=[settlement_file])
# end_job


# start_schedule_with_resource
@dg.schedule(cron_schedule="0 7 * * *", target=settlement_job)
def settlement_schedule(context: dg.ScheduleEvaluationContext, calendar: CalendarClient):
    day = context.scheduled_execution_time.strftime("%Y-%m-%d")
    if calendar.is_holiday(day):
        return dg.SkipReason(f"{day} is a holiday in {calendar.country}")
    return dg.RunRequest(run_key=day)
# end_schedule_with_resource


# start_definitions
defs = dg.Definitions(
    assets=[settlement_file],
    jobs=[settlement_job],
    schedules=[settlement_schedule],
    resources={"calendar": CalendarClient(country=dg.EnvVar("SETTLEMENT_COUNTRY"))},
)
# end_definitions
