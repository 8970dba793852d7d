import dagster as dg
import pandas as pd
from dagster_snowflake_pandas import SnowflakePandasIOManager


# Stored as the table ANALYTICS.SALES.RAW_ORDERS: the key prefix names the schema.
@dg.asset(key_prefix=["sales"])
def raw_orders() -> pd.DataFrame:
    return pd.DataFrame(
        {"order_id": [1, 2, 3], "region": ["eu", "us", "eu"], "amount": [30.0, 12.5, 7.5]}
    )


# Loads only the two columns it needs, and writes to the schema named in its metadata.
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
        "io_manager": SnowflakePandasIOManager(
            account=dg.EnvVar("SNOWFLAKE_ACCOUNT"),
            user=dg.EnvVar("SNOWFLAKE_USER"),
            password=dg.EnvVar("SNOWFLAKE_PASSWORD"),
            database="ANALYTICS",
            warehouse="TRANSFORMING",
        )
    },
)
