import dagster as dg


@dg.asset
def raw_customers() -> list[str]:
    return ["ada", "grace"]


@dg.asset
def customer_count(raw_customers: list[str]) -> int:
    return len(raw_customers)


customers_job = dg.define_asset_job("customers_job", selection=[raw_customers, customer_count])

nightly = dg.ScheduleDefinition(job=customers_job, cron_schedule="0 3 * * *")


@dg.definitions
def defs() -> dg.Definitions:
    # Dagster calls this function when it loads the code location, not at import time.
    return dg.Definitions(
        assets=[raw_customers, customer_count],
        jobs=[customers_job],
        schedules=[nightly],
        metadata={"team": "analytics"},
    )
