import pandas as pd
from dagster_deltalake import LocalConfig, WriteMode
from dagster_deltalake_pandas import DeltaLakePandasIOManager

import dagster as dg

days = dg.DailyPartitionsDefinition(start_date="2026-01-01")


# A partitioned asset names its partition column with "partition_expr"; each run
# overwrites only the rows of its own day.
@dg.asset(partitions_def=days, metadata={"partition_expr": "day"})
def daily_sales(context: dg.AssetExecutionContext) -> pd.DataFrame:
    day = pd.Timestamp(context.partition_key).date()
    return pd.DataFrame({"day": [day, day], "store": ["north", "south"], "amount": [120.0, 80.5]})


# Metadata "mode" overrides the I/O manager's write mode for one asset.
@dg.asset(metadata={"mode": "append"})
def audit_log() -> pd.DataFrame:
    return pd.DataFrame({"message": ["sales loaded"]})


defs = dg.Definitions(
    assets=[daily_sales, audit_log],
    resources={
        "io_manager": DeltaLakePandasIOManager(
            root_uri="lake",
            storage_options=LocalConfig(),
            schema="retail",
            mode=WriteMode.overwrite,
        )
    },
)
