import dagster as dg
import pandas as pd
import pyarrow as pa
from dagster_deltalake import DeltaLakePyarrowIOManager, DeltaTableResource, LocalConfig
from dagster_deltalake_pandas import DeltaLakePandasIOManager


# start_partitions
daily = dg.DailyPartitionsDefinition(start_date="2024-06-01")


@dg.asset(partitions_def=daily, metadata={"partition_expr": "day"})
def daily_sales(context: dg.AssetExecutionContext) -> pd.DataFrame:
    """Each run writes one day; the table is partitioned by the day column."""
    day = context.partition_time_window.start.date()
    return pd.DataFrame(
        {
            "day": [day, day, day],
            "store": ["a", "b", "a"],
            "cashier": ["kim", "lee", "kim"],
            "sales": [120.0, 80.0, 30.0],
        }
    )


# end_partitions


# start_append
@dg.asset(metadata={"mode": "append"})
def audit_log() -> pd.DataFrame:
    """Each materialization adds rows instead of replacing the table."""
    return pd.DataFrame({"event": ["refreshed"]})


# end_append


# start_columns
@dg.asset(
    partitions_def=daily,
    metadata={"partition_expr": "day"},
    ins={"daily_sales": dg.AssetIn(metadata={"columns": ["day", "store", "sales"]})},
)
def sales_by_store(daily_sales: pd.DataFrame) -> pd.DataFrame:
    """Reads three columns of the same day of daily_sales."""
    return daily_sales.groupby(["day", "store"], as_index=False)["sales"].sum()


# end_columns


# start_resource
@dg.asset(deps=[sales_by_store])
def sales_table_history(delta_table: DeltaTableResource) -> dg.MaterializeResult:
    """Open the Delta table directly to read its version and commit history."""
    table = delta_table.load()
    return dg.MaterializeResult(
        metadata={"version": table.version(), "commits": len(table.history())}
    )


# end_resource


# start_arrow
@dg.asset(io_manager_key="arrow_io_manager")
def store_names() -> pa.Table:
    """Stored with the pyarrow type handler."""
    return pa.table({"store": ["a", "b"], "name": ["Main Street", "Harbor"]})


# end_arrow


# start_definitions
defs = dg.Definitions(
    assets=[daily_sales, audit_log, sales_by_store, sales_table_history, store_names],
    resources={
        "io_manager": DeltaLakePandasIOManager(
            root_uri="lake", storage_options=LocalConfig(), schema="retail"
        ),
        "arrow_io_manager": DeltaLakePyarrowIOManager(
            root_uri="lake", storage_options=LocalConfig(), schema="reference"
        ),
        "delta_table": DeltaTableResource(
            url="lake/retail/sales_by_store", storage_options=LocalConfig()
        ),
    },
)
# end_definitions
