import pandas as pd
import polars as pl
from dagster_duckdb import DuckDBIOManager, DuckDBResource
from dagster_duckdb_pandas import DuckDBPandasTypeHandler
from dagster_duckdb_polars import DuckDBPolarsTypeHandler

import dagster as dg

# start_resource
@dg.asset
def raw_orders(duckdb: DuckDBResource) -> None:
    # The asset runs its own SQL; get_connection() closes the connection afterwards.
    with duckdb.get_connection() as conn:
        conn.execute("create schema if not exists sales")
        conn.execute(
            """
            create or replace table sales.raw_orders as
            select * from (values (1, 'EU', 20.0), (2, 'US', 35.5), (3, 'EU', 12.5))
                as t(order_id, region, amount)
            """
        )


@dg.asset(deps=[raw_orders])
def revenue_by_region(duckdb: DuckDBResource) -> dg.MaterializeResult:
    with duckdb.get_connection() as conn:
        rows = conn.execute(
            "select region, sum(amount)::double from sales.raw_orders group by region order by region"
        ).fetchall()
    return dg.MaterializeResult(metadata={"revenue": dg.MetadataValue.json(dict(rows))})


# end_resource


# start_io_manager
class WarehouseIOManager(DuckDBIOManager):
    """Stores pandas and Polars DataFrames as DuckDB tables."""

    @staticmethod
    def type_handlers():
        return [DuckDBPandasTypeHandler(), DuckDBPolarsTypeHandler()]

    @staticmethod
    def default_load_type():
        # Inputs without a type annotation load as pandas DataFrames.
        return pd.DataFrame


# The key prefix "sales" becomes the schema; the last part of the key is the table.
@dg.asset(key_prefix=["sales"], io_manager_key="warehouse")
def customers() -> pl.DataFrame:
    # Stored by the Polars handler, chosen from the type of the returned object.
    return pl.DataFrame({"customer_id": [1, 2, 3], "region": ["EU", "US", "EU"]})


@dg.asset(key_prefix=["sales"], io_manager_key="warehouse")
def customers_per_region(customers: pd.DataFrame) -> pd.DataFrame:
    # The same table comes back as a pandas DataFrame because of the annotation.
    return customers.groupby("region", as_index=False).size()


# end_io_manager

# start_definitions
defs = dg.Definitions(
    assets=[raw_orders, revenue_by_region, customers, customers_per_region],
    resources={
        "duckdb": DuckDBResource(database="warehouse.duckdb"),
        "warehouse": WarehouseIOManager(
            database="warehouse.duckdb",
            connection_config={"threads": 2},
        ),
    },
)
# end_definitions
