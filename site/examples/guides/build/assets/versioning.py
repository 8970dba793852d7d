"""Code versions, data versions and observable source assets."""

import hashlib
from pathlib import Path

import dagster as dg

PRICES_FILE = Path("prices.csv")


# start_observable_source
@dg.observable_source_asset(group_name="pricing")
def vendor_prices() -> dg.DataVersion:
    """A file a vendor drops on disk. Dagster observes it but never writes it."""
    if not PRICES_FILE.exists():
        return dg.DataVersion("missing")
    digest = hashlib.sha256(PRICES_FILE.read_bytes()).hexdigest()
    return dg.DataVersion(digest[:16])


# end_observable_source


# start_code_version
@dg.asset(deps=[vendor_prices], code_version="v1", group_name="pricing")
def cleaned_prices() -> list[dict]:
    rows = []
    if PRICES_FILE.exists():
        for line in PRICES_FILE.read_text().splitlines()[1:]:
            sku, price = line.split(",")
            rows.append({"sku": sku.strip(), "price": float(price)})
    return rows


@dg.asset(code_version="v2", group_name="pricing")
def max_price(cleaned_prices: list[dict]) -> float:
    return max((row["price"] for row in cleaned_prices), default=0.0)


# end_code_version


# start_user_data_version
@dg.asset(code_version="v1", group_name="pricing")
def currency_table() -> dg.MaterializeResult:
    rates = {"EUR": 0.92, "GBP": 0.79}
    # Derive the data version from the content, so an identical result keeps its version.
    content_hash = hashlib.sha256(repr(sorted(rates.items())).encode()).hexdigest()
    return dg.MaterializeResult(
        metadata={"currencies": len(rates)},
        data_version=dg.DataVersion(content_hash[:16]),
    )


# end_user_data_version


# start_observe_job
observe_prices_job = dg.define_asset_job("observe_prices_job", selection=[vendor_prices])

hourly_price_check = dg.ScheduleDefinition(
    job=observe_prices_job, cron_schedule="0 * * * *"
)
# end_observe_job


# start_definitions
defs = dg.Definitions(
    assets=[vendor_prices, cleaned_prices, max_price, currency_table],
    jobs=[observe_prices_job],
    schedules=[hourly_price_check],
)
# end_definitions
