from pathlib import Path

import dagster as dg
from dagster_duckdb import DuckDBResource

# start_raw_tickets
TICKETS_CSV = Path(__file__).parent / "data" / "tickets.csv"


@dg.asset(kinds={"duckdb"}, group_name="ingestion")
def raw_tickets(duckdb: DuckDBResource) -> dg.MaterializeResult:
    """Support tickets exported from the help desk, loaded unchanged."""
    with duckdb.get_connection() as conn:
        conn.execute(
            f"""
            create or replace table raw_tickets as
            select * from read_csv('{TICKETS_CSV.as_posix()}', header = true)
            """
        )
        row_count = conn.execute("select count(*) from raw_tickets").fetchone()[0]
    return dg.MaterializeResult(metadata={"dagster/row_count": row_count})


# end_raw_tickets
