import datetime

import dagster as dg


# start_time_window
@dg.asset(
    freshness_policy=dg.FreshnessPolicy.time_window(
        fail_window=datetime.timedelta(hours=6),
        warn_window=datetime.timedelta(hours=3),
    )
)
def exchange_rates() -> dict:
    return {"EUR": 1.08, "GBP": 1.27}


# end_time_window


# start_cron
@dg.asset(
    freshness_policy=dg.FreshnessPolicy.cron(
        deadline_cron="0 9 * * 1-5",
        lower_bound_delta=datetime.timedelta(hours=3),
        timezone="Europe/Berlin",
    )
)
def morning_positions(exchange_rates: dict) -> int:
    return len(exchange_rates)


# end_cron


# start_external_spec
# An asset another system writes can carry a policy too.
vendor_prices = dg.AssetSpec(
    "vendor_prices",
    freshness_policy=dg.FreshnessPolicy.time_window(fail_window=datetime.timedelta(days=1)),
)
# end_external_spec


defs = dg.Definitions(assets=[exchange_rates, morning_positions, vendor_prices])
