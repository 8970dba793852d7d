"""Quickstart: two assets that turn a small CSV of orders into revenue per region.

Run it with:

    dagster dev -f quickstart.py

then open http://localhost:3000 and click "Materialize all".
"""

# start_imports
import csv
import io

import dagster as dg

# end_imports

# start_assets
ORDERS_CSV = """order_id,region,amount
1001,north,120.50
1002,south,75.00
1003,north,42.25
1004,east,310.00
1005,south,18.75
1006,west,99.99
1007,east,64.10
"""


@dg.asset
def orders() -> list[dict[str, str]]:
    """Parse the raw order export into one dictionary per row."""
    return list(csv.DictReader(io.StringIO(ORDERS_CSV)))


@dg.asset
def revenue_by_region(
    context: dg.AssetExecutionContext, orders: list[dict[str, str]]
) -> dict[str, float]:
    """Add up order amounts per sales region."""
    totals: dict[str, float] = {}
    for row in orders:
        region = row["region"]
        totals[region] = round(totals.get(region, 0.0) + float(row["amount"]), 2)

    context.add_output_metadata(
        {"regions": len(totals), "total_revenue": round(sum(totals.values()), 2)}
    )
    return totals


# end_assets

# start_definitions
defs = dg.Definitions(assets=[orders, revenue_by_region])
# end_definitions
