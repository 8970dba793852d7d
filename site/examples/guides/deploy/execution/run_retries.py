"""Configure run retries per job with tags."""

import dagster as dg


@dg.asset
def exchange_rates() -> dict[str, float]:
    return {"EUR": 1.08, "GBP": 1.27}


@dg.asset
def converted_revenue(exchange_rates: dict[str, float]) -> float:
    return 100 * exchange_rates["EUR"]


# start_retry_tags
# Retry a failed run up to three times, re-running only what failed.
rates_job = dg.define_asset_job(
    "rates_job",
    selection=[exchange_rates, converted_revenue],
    tags={
        "dagster/max_retries": 3,
        "dagster/retry_strategy": "FROM_FAILURE",
    },
)

# Never retry this job, whatever the instance default is.
full_refresh_job = dg.define_asset_job(
    "full_refresh_job",
    selection=[exchange_rates, converted_revenue],
    tags={"dagster/max_retries": 0},
)
# end_retry_tags

# start_op_retry
# Retries a single step inside the same run, before the run fails.
@dg.asset(retry_policy=dg.RetryPolicy(max_retries=2, delay=10))
def flaky_api_snapshot() -> list[int]:
    return [1, 2, 3]
# end_op_retry

defs = dg.Definitions(
    assets=[exchange_rates, converted_revenue, flaky_api_snapshot],
    jobs=[rates_job, full_refresh_job],
)
