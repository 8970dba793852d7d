import dagster as dg


@dg.asset
def daily_revenue() -> int:
    return 42_000


@dg.asset
def revenue_report(daily_revenue: int) -> str:
    return f"Revenue: {daily_revenue}"


# start_non_isolated_job
# Runs of this job use the code location's standing container instead of
# starting a new one: quick to start, but small and shared.
quick_check_job = dg.define_asset_job(
    name="quick_check_job",
    selection=[daily_revenue],
    tags={"dagster/isolation": "disabled"},
)
# end_non_isolated_job

# start_isolated_job
# No tag: runs of this job get their own container.
report_job = dg.define_asset_job(
    name="report_job",
    selection=[daily_revenue, revenue_report],
)
# end_isolated_job

defs = dg.Definitions(
    assets=[daily_revenue, revenue_report],
    jobs=[quick_check_job, report_job],
)
