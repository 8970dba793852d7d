"""Built-in I/O managers: the filesystem default, a custom base folder, per-asset keys."""

import pandas as pd
from dagster_duckdb_pandas import DuckDBPandasIOManager

import dagster as dg


# start_default
@dg.asset
def raw_customers() -> list[dict]:
    # The return value goes to the I/O manager, which pickles it to a file.
    return [{"id": 1, "name": "Ana", "country": "PT"}, {"id": 2, "name": "Bo", "country": "SE"}]


@dg.asset
def customer_count(raw_customers: list[dict]) -> int:
    # The I/O manager loads raw_customers from storage and passes it in.
    return len(raw_customers)


# end_default


# start_io_manager_key
@dg.asset(io_manager_key="warehouse_io_manager")
def customers_table(raw_customers: list[dict]) -> pd.DataFrame:
    # Stored as a DuckDB table named public.customers_table, not as a pickle.
    return pd.DataFrame(raw_customers)


@dg.asset(io_manager_key="warehouse_io_manager")
def customers_by_country(customers_table: pd.DataFrame) -> pd.DataFrame:
    return customers_table.groupby("country", as_index=False).agg(customers=("id", "count"))


# end_io_manager_key


# start_definitions
defs = dg.Definitions(
    assets=[raw_customers, customer_count, customers_table, customers_by_country],
    resources={
        # "io_manager" is the key every asset uses unless it names another one.
        "io_manager": dg.FilesystemIOManager(base_dir="data/storage"),
        "warehouse_io_manager": DuckDBPandasIOManager(
            database="data/warehouse.duckdb", schema="public"
        ),
    },
)
# end_definitions


# start_in_memory
def run_in_memory() -> int:
    # Keeps outputs in memory: handy in tests, useless across processes.
    result = dg.materialize(
        [raw_customers, customer_count],
        resources={"io_manager": dg.InMemoryIOManager()},
    )
    return result.output_for_node("customer_count")


# end_in_memory
