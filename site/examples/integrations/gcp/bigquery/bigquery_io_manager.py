import dagster as dg
import pandas as pd
from dagster_gcp_pandas import BigQueryPandasIOManager


# start_assets
@dg.asset(key_prefix=["shop"])
def products() -> pd.DataFrame:
    """Stored as the table shop.products."""
    return pd.DataFrame(
        {"sku": ["A-1", "B-2", "C-3"], "category": ["tools", "garden", "tools"], "price": [9.5, 24.0, 3.25]}
    )


@dg.asset(key_prefix=["shop"])
def price_by_category(products: pd.DataFrame) -> pd.DataFrame:
    """Reads shop.products back as a DataFrame."""
    return products.groupby("category", as_index=False)["price"].mean()


# end_assets

# start_definitions
defs = dg.Definitions(
    assets=[products, price_by_category],
    resources={
        "io_manager": BigQueryPandasIOManager(
            project=dg.EnvVar("GCP_PROJECT"),
            location="EU",
        )
    },
)
# end_definitions
