import dagster as dg


# start_asset_config
class ForecastConfig(dg.Config):
    """Settings a person can change each time the forecast runs."""

    region: str
    horizon_days: int = 7
    include_weekends: bool = True


@dg.asset
def sales_forecast(context: dg.AssetExecutionContext, config: ForecastConfig) -> dict:
    days = config.horizon_days if config.include_weekends else config.horizon_days * 5 // 7
    context.log.info(f"Forecasting {days} days for {config.region}")
    return {"region": config.region, "days": days}


# end_asset_config


# start_op_config
class CleanupConfig(dg.Config):
    table: str
    keep_days: int = 30


@dg.op
def delete_old_rows(context: dg.OpExecutionContext, config: CleanupConfig) -> int:
    context.log.info(f"Deleting rows older than {config.keep_days} days from {config.table}")
    return config.keep_days


@dg.job
def cleanup_job():
    delete_old_rows()


# end_op_config


# start_run_config_python
forecast_job = dg.define_asset_job("forecast_job", selection=[sales_forecast])

emea_run_config = dg.RunConfig(
    ops={"sales_forecast": ForecastConfig(region="emea", horizon_days=14)}
)
# end_run_config_python


# start_schedule_with_config
@dg.schedule(job=forecast_job, cron_schedule="0 6 * * 1")
def weekly_emea_forecast(context: dg.ScheduleEvaluationContext):
    return dg.RunRequest(run_config=emea_run_config)


# end_schedule_with_config


# start_job_default_config
nightly_cleanup_job = cleanup_job.graph.to_job(
    name="nightly_cleanup_job",
    config=dg.RunConfig(ops={"delete_old_rows": CleanupConfig(table="events", keep_days=7)}),
)
# end_job_default_config


# start_definitions
defs = dg.Definitions(
    assets=[sales_forecast],
    jobs=[forecast_job, cleanup_job, nightly_cleanup_job],
    schedules=[weekly_emea_forecast],
)
# end_definitions
