from collections.abc import Sequence

import dagster as dg
import pandas as pd
import polars as pl
from dagster._core.storage.db_io_manager import DbTypeHandler
from dagster_snowflake import SnowflakeIOManager
from dagster_snowflake_pandas import SnowflakePandasTypeHandler
from dagster_snowflake_polars import SnowflakePolarsTypeHandler
from dagster_snowflake_pyspark import SnowflakePySparkTypeHandler


# start_io_manager
class SnowflakeDataFrameIOManager(SnowflakeIOManager):
    @staticmethod
    def type_handlers() -> Sequence[DbTypeHandler]:
        # Each handler stores and loads one DataFrame type.
        return [SnowflakePandasTypeHandler(), SnowflakePolarsTypeHandler(), SnowflakePySparkTypeHandler()]

    @staticmethod
    def default_load_type() -> type | None:
        # Inputs without a type annotation load as pandas DataFrames.
        return pd.DataFrame


snowflake_io_manager = SnowflakeDataFrameIOManager(
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
def customers() -> pl.DataFrame:
    return pl.DataFrame({"customer": ["acme", "globex"], "country": ["US", "DE"]})


@dg.asset
def customers_by_country(customers: pd.DataFrame) -> pd.DataFrame:
    # Written as Polars, read here as pandas: the annotation picks the handler.
    return customers.groupby("country", as_index=False).size()


# end_assets

defs = dg.Definitions(
    assets=[customers, customers_by_country],
    resources={"io_manager": snowflake_io_manager},
)
