# start_decommission
import dagster as dg

from sales_assets import daily_sales, daily_sales_csv, raw_orders, storage

# Replaces the DAG's `schedule="@daily"`: every day at midnight UTC, one run
# materializes the three assets in dependency order.
daily_sales_schedule = dg.ScheduleDefinition(
    name="daily_sales_schedule",
    target=[raw_orders, daily_sales, daily_sales_csv],
    cron_schedule="0 0 * * *",
    default_status=dg.DefaultScheduleStatus.RUNNING,
)

defs = dg.Definitions(
    assets=[raw_orders, daily_sales, daily_sales_csv],
    schedules=[daily_sales_schedule],
    resources={"storage": storage},
)
# end_decommission
