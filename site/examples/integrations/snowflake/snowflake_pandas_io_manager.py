import dagster as dg
import pandas as pd
from dagster_snowflake_pandas import SnowflakePandasIOManager

# start_io_manager
snowflake_io_manager = SnowflakePandasIOManager(
    account=dg.EnvVar("SNOWFLAKE_ACCOUNT"),
    user=dg.EnvVar("SNOWFLAKE_USER"),
    password=dg.EnvVar("SNOWFLAKE_PASSWORD"),
    database="ANALYTICS",
    warehouse="TRANSFORMING",
    schema="RAW",
)
# end_io_manager


# start_assets
@dg.asset
def orders() -> pd.DataFrame:
    # The I/O manager writes this DataFrame to the table ANALYTICS.RAW.ORDERS.
    return pd.DataFrame(
        {"order_id": [1, 2, 3], "customer": ["acme", "globex", "acme"], "amount": [120.5, 75.0, 19.99]}
    )


@dg.asset(key_prefix=["marts"], metadata={"schema": "MARTS"})
def revenue_by_customer(orders: pd.DataFrame) -> pd.DataFrame:
    # `orders` is read back from Snowflake. Because the I/O manager sets schema="RAW",
    # the key prefix alone would not pick the schema: the metadata sends this result
    # to ANALYTICS.MARTS.REVENUE_BY_CUSTOMER.
    return orders.groupby("customer", as_index=False)["amount"].sum()


# end_assets

# start_definitions
defs = dg.Definitions(
    assets=[orders, revenue_by_customer],
    resources={"io_manager": snowflake_io_manager},
)
# end_definitions
