"""A unit test for the migrated assets: it runs them on a throwaway warehouse.

Run it with `pytest test_sales_assets.py` from the project folder.
"""

# start_test
import dagster as dg

import sales_assets
from sales import SAMPLE_ORDERS_CSV


def test_sales_assets(tmp_path):
    storage = sales_assets.SalesStorage(
        source_csv=str(SAMPLE_ORDERS_CSV),
        warehouse=str(tmp_path / "warehouse.duckdb"),
        export_csv=str(tmp_path / "daily_sales.csv"),
    )
    result = dg.materialize(
        [sales_assets.raw_orders, sales_assets.daily_sales, sales_assets.daily_sales_csv],
        resources={"storage": storage},
    )
    assert result.success
    assert (tmp_path / "daily_sales.csv").read_text().count("\n") == 4


# end_test
