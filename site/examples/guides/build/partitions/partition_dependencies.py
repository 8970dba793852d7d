"""Dependencies between partitioned assets and the partition mappings that shape them."""

import dagster as dg

# start_identity
daily_partitions = dg.DailyPartitionsDefinition(start_date="2024-01-01")


@dg.asset(partitions_def=daily_partitions)
def page_views(context: dg.AssetExecutionContext) -> int:
    # Stand-in for counting the day's rows in a web analytics export.
    return int(context.partition_key[-2:]) * 100


# Same partitions definition: partition 2024-03-15 reads page_views for 2024-03-15.
@dg.asset(partitions_def=daily_partitions)
def page_view_summary(page_views: int) -> dict:
    return {"views": page_views, "busy": page_views > 1000}


# end_identity


# start_time_window_offset
# Starts one day after page_views, so every partition has a previous day to read.
two_day_partitions = dg.DailyPartitionsDefinition(start_date="2024-01-02")


@dg.asset(
    partitions_def=two_day_partitions,
    ins={
        "page_views": dg.AssetIn(
            # Each partition reads the same day and the day before it.
            partition_mapping=dg.TimeWindowPartitionMapping(start_offset=-1)
        )
    },
)
def two_day_page_views(page_views: dict[str, int]) -> int:
    # Several upstream partitions arrive as a dict keyed by partition key.
    return sum(page_views.values())


# end_time_window_offset


# start_daily_to_weekly
weekly_partitions = dg.WeeklyPartitionsDefinition(start_date="2024-01-01", day_offset=1)


# A week partition covers seven daily partitions; no explicit mapping is needed.
@dg.asset(partitions_def=weekly_partitions)
def weekly_page_views(context: dg.AssetExecutionContext, page_views: dict[str, int]) -> int:
    context.log.info(f"Summing {len(page_views)} days for week {context.partition_key}")
    return sum(page_views.values())


# end_daily_to_weekly


# start_all_and_last
store_partitions = dg.StaticPartitionsDefinition(["nyc", "sf", "berlin", "munich"])


@dg.asset(partitions_def=store_partitions)
def store_sales(context: dg.AssetExecutionContext) -> float:
    return {"nyc": 1200.0, "sf": 950.0, "berlin": 700.0, "munich": 650.0}[context.partition_key]


# An unpartitioned asset that reads every store's partition.
@dg.asset(ins={"store_sales": dg.AssetIn(partition_mapping=dg.AllPartitionMapping())})
def total_sales(store_sales: dict[str, float]) -> float:
    return sum(store_sales.values())


# An unpartitioned asset that reads only the most recent day of page views.
@dg.asset(ins={"page_views": dg.AssetIn(partition_mapping=dg.LastPartitionMapping())})
def latest_page_views(page_views: int) -> int:
    return page_views


# end_all_and_last


# start_static_mapping
country_partitions = dg.StaticPartitionsDefinition(["usa", "germany"])


@dg.asset(
    partitions_def=country_partitions,
    ins={
        "store_sales": dg.AssetIn(
            partition_mapping=dg.StaticPartitionMapping(
                {"nyc": "usa", "sf": "usa", "berlin": "germany", "munich": "germany"}
            )
        )
    },
)
def country_sales(store_sales: dict[str, float]) -> float:
    # For the "usa" partition, store_sales holds the "nyc" and "sf" values.
    return sum(store_sales.values())


# end_static_mapping


# start_multi_to_single
date_and_channel = dg.MultiPartitionsDefinition(
    {
        "date": dg.DailyPartitionsDefinition(start_date="2024-01-01"),
        "channel": dg.StaticPartitionsDefinition(["web", "mobile"]),
    }
)


@dg.asset(partitions_def=date_and_channel)
def channel_sessions(context: dg.AssetExecutionContext) -> int:
    keys = context.partition_key.keys_by_dimension
    return 300 if keys["channel"] == "web" else 200


# Each daily partition reads every channel for that date.
@dg.asset(
    partitions_def=daily_partitions,
    ins={
        "channel_sessions": dg.AssetIn(
            partition_mapping=dg.MultiToSingleDimensionPartitionMapping(
                partition_dimension_name="date"
            )
        )
    },
)
def daily_sessions(channel_sessions: dict[str, int]) -> int:
    return sum(channel_sessions.values())


# end_multi_to_single


# start_deps_only
# When the asset reads storage itself, declare the dependency with dg.AssetDep.
@dg.asset(
    partitions_def=daily_partitions,
    deps=[
        dg.AssetDep(
            page_views,
            partition_mapping=dg.TimeWindowPartitionMapping(
                start_offset=-6, allow_nonexistent_upstream_partitions=True
            ),
        )
    ],
)
def seven_day_report(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
    window = context.asset_partitions_time_window_for_input("page_views")
    context.log.info(f"Reading page views from {window.start} to {window.end}")
    return dg.MaterializeResult(
        metadata={"window_start": window.start.date().isoformat()}
    )


# end_deps_only


defs = dg.Definitions(
    assets=[
        page_views,
        page_view_summary,
        two_day_page_views,
        weekly_page_views,
        store_sales,
        total_sales,
        latest_page_views,
        country_sales,
        channel_sessions,
        daily_sessions,
        seven_day_report,
    ]
)
