"""Jobs and schedules that keep the pipeline up to date."""

import dagster as dg

from .assets import monthly_sales

ingest_job = dg.define_asset_job(
    name="ingest_job",
    selection=dg.AssetSelection.groups("ingestion"),
)

daily_ingest_schedule = dg.ScheduleDefinition(
    name="daily_ingest_schedule",
    job=ingest_job,
    cron_schedule="0 6 * * *",  # every day at 06:00
)

monthly_sales_job = dg.define_asset_job(
    name="monthly_sales_job",
    selection=dg.AssetSelection.assets(monthly_sales),
)

# Runs shortly after each month ends and fills in the month that just closed.
monthly_sales_schedule = dg.build_schedule_from_partitioned_job(
    monthly_sales_job, name="monthly_sales_schedule"
)
