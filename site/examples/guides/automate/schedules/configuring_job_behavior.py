import datetime

import dagster as dg


# start_config_asset
class ReportConfig(dg.Config):
    report_date: str
    include_refunds: bool = False


@dg.asset
def sales_report(context: dg.AssetExecutionContext, config: ReportConfig) -> dict:
    context.log.info(f"Building the sales report for {config.report_date}")
    return {"date": config.report_date, "refunds": config.include_refunds}


sales_report_job = dg.define_asset_job("sales_report_job", selection=[sales_report])
# end_config_asset


# start_static_config
# The same config on every tick.
weekly_refunds_schedule = dg.ScheduleDefinition(
    name="weekly_refunds_schedule",
    cron_schedule="0 5 * * 1",
    target=sales_report_job,
    run_config=dg.RunConfig(
        {"sales_report": ReportConfig(report_date="latest", include_refunds=True)}
    ),
    tags={"team": "finance"},
)
# end_static_config


# start_dynamic_config
@dg.schedule(cron_schedule="0 1 * * *", target=sales_report_job)
def daily_sales_schedule(context: dg.ScheduleEvaluationContext):
    # The report covers the day before the tick.
    day_before = context.scheduled_execution_time - datetime.timedelta(days=1)
    report_date = day_before.date().isoformat()
    return dg.RunRequest(
        run_key=report_date,
        run_config=dg.RunConfig({"sales_report": ReportConfig(report_date=report_date)}),
        tags={"team": "finance", "report_date": report_date},
    )
# end_dynamic_config


# start_tags_fn
def tags_for_tick(context: dg.ScheduleEvaluationContext) -> dict[str, str]:
    weekday = context.scheduled_execution_time.strftime("%A").lower()
    return {"team": "finance", "weekday": weekday}


month_end_schedule = dg.ScheduleDefinition(
    name="month_end_schedule",
    cron_schedule="0 2 1 * *",
    target=sales_report_job,
    run_config_fn=lambda context: {
        "ops": {
            "sales_report": {
                "config": {
                    "report_date": context.scheduled_execution_time.date().isoformat(),
                    "include_refunds": True,
                }
            }
        }
    },
    tags_fn=tags_for_tick,
)
# end_tags_fn


# start_definitions
defs = dg.Definitions(
    assets=[sales_report],
    jobs=[sales_report_job],
    schedules=[weekly_refunds_schedule, daily_sales_schedule, month_end_schedule],
)
# end_definitions
