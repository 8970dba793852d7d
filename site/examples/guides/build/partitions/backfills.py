"""Backfill policies: one run per partition, batches, or one run for a whole range."""

import datetime

import dagster as dg
from dagster_duckdb import DuckDBResource

daily_partitions = dg.DailyPartitionsDefinition(start_date="2024-01-01")


def _events_between(start: datetime.datetime, end: datetime.datetime) -> list[tuple[str, int]]:
    # Stand-in for an export from an event tracking system: 3 events a day.
    rows = []
    day = start
    while day < end:
        rows += [(day.date().isoformat(), n) for n in range(3)]
        day += datetime.timedelta(days=1)
    return rows


# start_single_run
@dg.asset(
    partitions_def=daily_partitions,
    backfill_policy=dg.BackfillPolicy.single_run(),
)
def raw_events(context: dg.AssetExecutionContext, duckdb: DuckDBResource) -> dg.MaterializeResult:
    # In a single-run backfill the window spans every selected partition;
    # in a normal run it spans one day.
    window = context.partition_time_window
    rows = _events_between(window.start, window.end)
    with duckdb.get_connection() as conn:
        conn.execute("create table if not exists raw_events (day varchar, event_id integer)")
        # Delete then insert, so that running a partition twice is safe.
        conn.execute(
            "delete from raw_events where day >= ? and day < ?",
            [window.start.date().isoformat(), window.end.date().isoformat()],
        )
        conn.executemany("insert into raw_events values (?, ?)", rows)
    return dg.MaterializeResult(
        metadata={"partitions": len(context.partition_keys), "rows": len(rows)}
    )


# end_single_run


# start_multi_run
@dg.asset(
    partitions_def=daily_partitions,
    deps=[raw_events],
    # A backfill of 30 days becomes 5 runs of at most 7 partitions each.
    backfill_policy=dg.BackfillPolicy.multi_run(max_partitions_per_run=7),
)
def daily_event_counts(
    context: dg.AssetExecutionContext, duckdb: DuckDBResource
) -> dg.MaterializeResult:
    start, end = context.partition_key_range.start, context.partition_key_range.end
    with duckdb.get_connection() as conn:
        conn.execute(
            "create table if not exists daily_event_counts (day varchar, events integer)"
        )
        conn.execute("delete from daily_event_counts where day between ? and ?", [start, end])
        conn.execute(
            """
            insert into daily_event_counts
            select day, count(*) from raw_events
            where day between ? and ?
            group by day
            """,
            [start, end],
        )
    return dg.MaterializeResult(metadata={"first_day": start, "last_day": end})


# end_multi_run


# start_backfill_job
# The job is partitioned like the assets it selects.
raw_events_job = dg.define_asset_job("raw_events_job", selection=[raw_events])
# end_backfill_job

defs = dg.Definitions(
    assets=[raw_events, daily_event_counts],
    jobs=[raw_events_job],
    resources={"duckdb": DuckDBResource(database="analytics.duckdb")},
)
