import dagster as dg
import pandas as pd
from dagster_iceberg.config import IcebergCatalogConfig
from dagster_iceberg.io_manager.pandas import PandasIcebergIOManager

# start_io_manager
iceberg_io_manager = PandasIcebergIOManager(
    name="local",
    config=IcebergCatalogConfig(
        properties={
            "type": "sql",
            "uri": "sqlite:///iceberg_catalog.db",
            "warehouse": "file://iceberg_warehouse",
        }
    ),
    namespace="retail",
)
# end_io_manager


# start_assets
@dg.asset
def store_sales() -> pd.DataFrame:
    """Stored as the Iceberg table retail.store_sales."""
    return pd.DataFrame({"store": ["lyon", "porto", "lyon"], "amount": [120.0, 80.0, 40.0]})


@dg.asset
def sales_per_store(store_sales: pd.DataFrame) -> pd.DataFrame:
    """Read back from Iceberg as a DataFrame."""
    return store_sales.groupby("store", as_index=False)["amount"].sum()


# end_assets


# start_partitions
daily = dg.DailyPartitionsDefinition(start_date="2024-06-01")


@dg.asset(partitions_def=daily, metadata={"partition_expr": "day"})
def daily_visits(context: dg.AssetExecutionContext) -> pd.DataFrame:
    """Each partition overwrites its own day in one Iceberg table."""
    day = context.partition_time_window.start.date()
    return pd.DataFrame({"day": [day, day], "visits": [310, 290]})


# end_partitions

# start_definitions
defs = dg.Definitions(
    assets=[store_sales, sales_per_store, daily_visits],
    resources={"io_manager": iceberg_io_manager},
)
# end_definitions
