"""ETL pipeline tutorial, step 1: etl_pipeline.py with the raw assets."""

# start_imports
from pathlib import Path

import dagster as dg
from dagster_duckdb import DuckDBResource

# end_imports

# start_paths
DATA_DIR = Path(__file__).parent / "data"
DUCKDB_PATH = DATA_DIR / "etl_tutorial.duckdb"
# end_paths


# start_raw_assets
def load_csv_into_table(
    duckdb: DuckDBResource, table: str
) -> dg.MaterializeResult:
    """Replace `table` with the rows of data/<table>.csv and report its size."""
    csv_path = (DATA_DIR / f"{table}.csv").as_posix()
    with duckdb.get_connection() as conn:
        conn.execute(
            f"CREATE OR REPLACE TABLE {table} AS "
            f"SELECT * FROM read_csv_auto('{csv_path}')"
        )
        row_count = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    return dg.MaterializeResult(
        metadata={"dagster/row_count": row_count, "source_file": csv_path}
    )


@dg.asset(kinds={"duckdb"}, group_name="ingestion")
def raw_customers(duckdb: DuckDBResource) -> dg.MaterializeResult:
    """Customers, loaded as-is from raw_customers.csv."""
    return load_csv_into_table(duckdb, "raw_customers")


@dg.asset(kinds={"duckdb"}, group_name="ingestion")
def raw_products(duckdb: DuckDBResource) -> dg.MaterializeResult:
    """Product catalog, loaded as-is from raw_products.csv."""
    return load_csv_into_table(duckdb, "raw_products")


@dg.asset(kinds={"duckdb"}, group_name="ingestion")
def raw_orders(duckdb: DuckDBResource) -> dg.MaterializeResult:
    """Order lines, loaded as-is from raw_orders.csv."""
    return load_csv_into_table(duckdb, "raw_orders")


# end_raw_assets

# start_definitions
defs = dg.Definitions(
    assets=[raw_customers, raw_products, raw_orders],
    resources={
        "duckdb": DuckDBResource(database=str(DUCKDB_PATH)),
    },
)
# end_definitions
