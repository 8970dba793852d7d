# start_ingestion
import dagster as dg
from dagster_duckdb import DuckDBResource


@dg.asset(group_name="ingestion", kinds={"duckdb"})
def raw_orders(duckdb: DuckDBResource) -> None:
    with duckdb.get_connection() as conn:
        conn.execute(
            """
            create or replace table raw_orders as
            select * from (values (1, 'ana', 40.0), (2, 'bo', 25.5), (3, 'ana', 12.0))
                as t(order_id, customer, amount)
            """
        )


# end_ingestion
