import dagster as dg

# start_schedule
# One job for the whole pipeline: the raw load, the dbt models and the report.
jaffle_pipeline_job = dg.define_asset_job("jaffle_pipeline", selection=dg.AssetSelection.all())

daily_jaffle_schedule = dg.ScheduleDefinition(
    job=jaffle_pipeline_job,
    cron_schedule="0 6 * * *",
    execution_timezone="UTC",
)
# end_schedule
