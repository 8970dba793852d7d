"""Passing data between assets without an I/O manager: each asset reads and writes DuckDB itself."""

import dagster as dg
from dagster_duckdb import DuckDBResource


# start_explicit_assets
@dg.asset(kinds={"duckdb"})
def readings(duckdb: DuckDBResource) -> dg.MaterializeResult:
    with duckdb.get_connection() as conn:
        conn.execute(
            """
            create or replace table readings as
            select * from (values
                ('north', 21.5), ('north', 23.0), ('south', 19.8), ('south', 25.1)
            ) as t(station, celsius)
            """
        )
        row_count = conn.execute("select count(*) from readings").fetchone()[0]
    return dg.MaterializeResult(metadata={"dagster/row_count": row_count})


@dg.asset(deps=[readings], kinds={"duckdb"})
def station_averages(duckdb: DuckDBResource) -> dg.MaterializeResult:
    with duckdb.get_connection() as conn:
        conn.execute(
            """
            create or replace table station_averages as
            select station, avg(celsius) as avg_celsius
            from readings
            group by station
            """
        )
        preview = conn.execute(
            "select * from station_averages order by station"
        ).fetchdf()
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": len(preview),
            "preview": dg.MetadataValue.md(preview.to_markdown(index=False)),
        }
    )


# end_explicit_assets


# start_explicit_definitions
defs = dg.Definitions(
    assets=[readings, station_averages],
    resources={"duckdb": DuckDBResource(database="weather.duckdb")},
)
# end_explicit_definitions
