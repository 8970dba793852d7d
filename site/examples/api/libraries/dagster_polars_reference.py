import polars as pl
from dagster_polars import (
    DataFramePartitions,
    LazyFramePartitions,
    PolarsDeltaIOManager,
    PolarsParquetIOManager,
)

import dagster as dg

stores = dg.StaticPartitionsDefinition(["north", "south"])


# start_delta
# Each partition is stored as its own Delta table, <base_dir>/raw/sales/<partition>.delta.
@dg.asset(key_prefix=["raw"], partitions_def=stores, io_manager_key="delta")
def sales(context: dg.AssetExecutionContext) -> pl.DataFrame:
    return pl.DataFrame({"store": [context.partition_key] * 2, "amount": [10.0, 32.5]})


# A dict annotation loads every upstream partition, keyed by partition key.
@dg.asset(io_manager_key="delta", ins={"sales": dg.AssetIn(key=["raw", "sales"])})
def sales_by_store(sales: DataFramePartitions) -> pl.DataFrame:
    return pl.concat(sales.values()).group_by("store").agg(pl.col("amount").sum()).sort("store")


# A LazyFrame annotation scans the table; "columns" metadata selects columns.
@dg.asset(
    io_manager_key="delta",
    ins={"sales_by_store": dg.AssetIn(metadata={"columns": ["amount"]})},
)
def grand_total(sales_by_store: pl.LazyFrame) -> pl.DataFrame:
    return sales_by_store.select(pl.col("amount").sum()).collect()


# "mode" metadata makes every run append to the Delta table.
@dg.asset(io_manager_key="delta", metadata={"mode": "append"})
def sales_history(grand_total: pl.DataFrame) -> pl.DataFrame:
    return grand_total.with_columns(pl.lit("2026-01-01").alias("day"))


# end_delta


# start_parquet
# Written to <base_dir>/exports/sales_report.parquet.
@dg.asset(key_prefix=["exports"], io_manager_key="parquet")
def sales_report(sales_by_store: pl.DataFrame) -> pl.DataFrame:
    return sales_by_store.with_columns((pl.col("amount") * 1.2).alias("amount_with_tax"))


# end_parquet

defs = dg.Definitions(
    assets=[sales, sales_by_store, grand_total, sales_history, sales_report],
    resources={
        "delta": PolarsDeltaIOManager(base_dir="data"),
        "parquet": PolarsParquetIOManager(base_dir="data"),
    },
)


# LazyFramePartitions works like DataFramePartitions, with lazy values.
def partition_row_counts(partitions: LazyFramePartitions) -> dict[str, int]:
    return {key: frame.select(pl.len()).collect().item() for key, frame in partitions.items()}
