import dagster as dg
import polars as pl
from dagster_polars import PolarsParquetIOManager

# start_io_manager
polars_io_manager = PolarsParquetIOManager(base_dir=dg.EnvVar("POLARS_DATA_DIR"))
# end_io_manager


# start_assets
@dg.asset(io_manager_key="polars_io_manager")
def sales() -> pl.DataFrame:
    return pl.DataFrame(
        {"region": ["north", "south", "north"], "amount": [100.0, 40.0, 60.0]}
    )


@dg.asset(io_manager_key="polars_io_manager")
def sales_by_region(sales: pl.DataFrame) -> pl.DataFrame:
    # The input is read back from sales.parquet.
    return sales.group_by("region").agg(pl.col("amount").sum()).sort("region")


# end_assets

# start_definitions
defs = dg.Definitions(
    assets=[sales, sales_by_region],
    resources={"polars_io_manager": polars_io_manager},
)
# end_definitions
