import dagster as dg
import pandas as pd
from dagster_gcp_pandas import BigQueryPandasIOManager

# start_partitions
daily = dg.DailyPartitionsDefinition(start_date="2024-06-01")


@dg.asset(
    partitions_def=daily,
    key_prefix=["events"],
    metadata={"partition_expr": "TIMESTAMP(event_time)"},
)
def page_views(context: dg.AssetExecutionContext) -> pd.DataFrame:
    """Each run replaces the rows of one day."""
    start = context.partition_time_window.start
    return pd.DataFrame({"event_time": [start, start], "page": ["/", "/pricing"]})


# end_partitions


# start_columns
@dg.asset(
    key_prefix=["events"],
    ins={"page_views": dg.AssetIn(key_prefix=["events"], metadata={"columns": ["page"]})},
    partitions_def=daily,
    metadata={"partition_expr": "TIMESTAMP(day)"},
)
def top_pages(context: dg.AssetExecutionContext, page_views: pd.DataFrame) -> pd.DataFrame:
    """Reads only the page column of the same day of page_views."""
    counts = page_views["page"].value_counts()
    return pd.DataFrame(
        {
            "day": context.partition_time_window.start,
            "page": counts.index,
            "views": counts.to_numpy(),
        }
    )


# end_columns


# start_dataset
@dg.asset(metadata={"schema": "marketing"})
def campaigns() -> pd.DataFrame:
    """Stored in the marketing dataset, whatever the key prefix."""
    return pd.DataFrame({"campaign": ["spring"], "budget": [1000]})


# end_dataset

# start_definitions
defs = dg.Definitions(
    assets=[page_views, top_pages, campaigns],
    resources={
        "io_manager": BigQueryPandasIOManager(
            project=dg.EnvVar("GCP_PROJECT"),
            gcp_credentials=dg.EnvVar("GCP_CREDS_BASE64"),
            timeout=300.0,
        )
    },
)
# end_definitions
