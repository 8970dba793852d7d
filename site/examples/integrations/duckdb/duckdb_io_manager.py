import dagster as dg
import pandas as pd
from dagster_duckdb_pandas import DuckDBPandasIOManager


# start_assets
@dg.asset(key_prefix=["sales"])
def orders() -> pd.DataFrame:
    """Returned DataFrames are stored as the table sales.orders."""
    return pd.DataFrame(
        {
            "order_id": [101, 102, 103, 104],
            "customer": ["ada", "grace", "ada", "linus"],
            "amount": [30.0, 12.5, 7.5, 99.0],
        }
    )


@dg.asset(key_prefix=["sales"])
def customer_totals(orders: pd.DataFrame) -> pd.DataFrame:
    """The orders table is read back into a DataFrame for this asset."""
    return (
        orders.groupby("customer", as_index=False)["amount"]
        .sum()
        .rename(columns={"amount": "total_amount"})
    )


# end_assets


# start_definitions
defs = dg.Definitions(
    assets=[orders, customer_totals],
    resources={"io_manager": DuckDBPandasIOManager(database="warehouse.duckdb")},
)
# end_definitions
