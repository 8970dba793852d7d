"""Dagster assets that do the work of the sales_pipeline DAG's tasks.

Each asset calls the same function from sales.py that its Airflow task
called, so the data it produces is identical.
"""

# start_resource
import dagster as dg

from sales import build_daily_sales, export_daily_sales, load_raw_orders


class SalesStorage(dg.ConfigurableResource):
    """Where the pipeline reads and writes: the same paths the DAG used."""

    source_csv: str
    warehouse: str
    export_csv: str


# end_resource


# start_assets
@dg.asset(kinds={"duckdb"}, description="Orders copied from the source CSV into DuckDB.")
def raw_orders(storage: SalesStorage) -> dg.MaterializeResult:
    rows = load_raw_orders(storage.source_csv, storage.warehouse)
    return dg.MaterializeResult(metadata={"rows": rows})


@dg.asset(deps=[raw_orders], kinds={"duckdb"}, description="Order count and revenue per day.")
def daily_sales(storage: SalesStorage) -> dg.MaterializeResult:
    days = build_daily_sales(storage.warehouse)
    return dg.MaterializeResult(metadata={"days": days})


@dg.asset(
    deps=[daily_sales],
    kinds={"csv"},
    description="daily_sales exported as CSV for the finance team.",
)
def daily_sales_csv(storage: SalesStorage) -> dg.MaterializeResult:
    rows = export_daily_sales(storage.warehouse, storage.export_csv)
    return dg.MaterializeResult(
        metadata={"rows": rows, "path": dg.MetadataValue.path(storage.export_csv)}
    )


# end_assets

# start_storage
# Read from the same environment variables as the Airflow DAG, when a run starts.
storage = SalesStorage(
    source_csv=dg.EnvVar("SALES_SOURCE_CSV"),
    warehouse=dg.EnvVar("SALES_WAREHOUSE"),
    export_csv=dg.EnvVar("SALES_EXPORT_CSV"),
)
# end_storage
