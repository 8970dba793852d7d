import dagster as dg
from dagster_duckdb import DuckDBResource


# start_assets
@dg.asset(kinds={"duckdb"})
def trips(duckdb: DuckDBResource) -> dg.MaterializeResult:
    """Create the trips table from a small set of rides."""
    with duckdb.get_connection() as conn:
        conn.execute(
            """
            create or replace table trips as
            select * from (values
                (1, 'downtown', 12.5),
                (2, 'airport', 48.0),
                (3, 'downtown', 9.75),
                (4, 'harbor', 21.0)
            ) as t(trip_id, zone, fare)
            """
        )
        row_count = conn.execute("select count(*) from trips").fetchone()[0]
    return dg.MaterializeResult(metadata={"row_count": row_count})


@dg.asset(deps=[trips], kinds={"duckdb"})
def fares_by_zone(duckdb: DuckDBResource) -> dg.MaterializeResult:
    """Sum the fares of each zone into a second table."""
    with duckdb.get_connection() as conn:
        conn.execute(
            """
            create or replace table fares_by_zone as
            select zone, sum(fare) as total_fare, count(*) as trip_count
            from trips
            group by zone
            order by zone
            """
        )
        preview = conn.execute("select * from fares_by_zone").fetchall()
    return dg.MaterializeResult(
        metadata={"zones": len(preview), "top_zone": max(preview, key=lambda r: r[1])[0]}
    )


# end_assets


# start_definitions
defs = dg.Definitions(
    assets=[trips, fares_by_zone],
    resources={"duckdb": DuckDBResource(database="analytics.duckdb")},
)
# end_definitions
