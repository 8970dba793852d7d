import dagster as dg
import pandas as pd
from dagster_gcp_pandas import BigQueryPandasIOManager


# Stored as the table <project>.sales.raw_orders: the key prefix names the dataset.
@dg.asset(key_prefix=["sales"])
def raw_orders() -> pd.DataFrame:
    return pd.DataFrame(
        {"order_id": [1, 2, 3], "region": ["eu", "us", "eu"], "amount": [30.0, 12.5, 7.5]}
    )


# Loads only two columns of raw_orders and writes to the dataset named in its metadata.
@dg.asset(
    ins={
        "raw_orders": dg.AssetIn(
            key=["sales", "raw_orders"], metadata={"columns": ["region", "amount"]}
        )
    },
    metadata={"schema": "reporting"},
)
def revenue_by_region(raw_orders: pd.DataFrame) -> pd.DataFrame:
    return raw_orders.groupby("region", as_index=False)["amount"].sum()


defs = dg.Definitions(
    assets=[raw_orders, revenue_by_region],
    resources={
        "io_manager": BigQueryPandasIOManager(
            project=dg.EnvVar("GCP_PROJECT"),
            location="EU",
            write_mode="truncate",
        )
    },
)
