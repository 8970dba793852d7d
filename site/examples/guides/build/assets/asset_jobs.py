"""Asset jobs: define_asset_job with different ways of selecting assets."""

import dagster as dg


# start_assets
@dg.asset(group_name="sales", kinds={"python"})
def orders() -> list[dict]:
    return [{"id": 1, "amount": 40.0}, {"id": 2, "amount": 60.0}]


@dg.asset(group_name="sales", kinds={"python"})
def order_totals(orders: list[dict]) -> float:
    return sum(order["amount"] for order in orders)


@dg.asset(group_name="marketing", tags={"priority": "high"})
def campaigns() -> list[str]:
    return ["spring_promo", "summer_sale"]


@dg.asset(group_name="marketing")
def campaign_report(campaigns: list[str], order_totals: float) -> str:
    return f"{len(campaigns)} campaigns, {order_totals:.2f} in sales"


# end_assets


# start_jobs
# Every asset in the "sales" group.
sales_job = dg.define_asset_job(
    name="sales_job",
    selection=dg.AssetSelection.groups("sales"),
    description="Refreshes orders and their totals.",
)

# A selection string: campaign_report and everything upstream of it.
report_job = dg.define_asset_job(
    name="report_job",
    selection="+key:campaign_report",
    tags={"team": "marketing"},
)

# A list of asset definitions works too.
campaigns_job = dg.define_asset_job(name="campaigns_job", selection=[campaigns])
# end_jobs


# start_schedule
nightly_sales = dg.ScheduleDefinition(job=sales_job, cron_schedule="0 2 * * *")
# end_schedule


# start_definitions
defs = dg.Definitions(
    assets=[orders, order_totals, campaigns, campaign_report],
    jobs=[sales_job, report_job, campaigns_job],
    schedules=[nightly_sales],
)
# end_definitions
