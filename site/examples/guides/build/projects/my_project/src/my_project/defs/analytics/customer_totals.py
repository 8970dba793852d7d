# start_analytics
import dagster as dg
from dagster_duckdb import DuckDBResource

from my_project.defs.ingestion.orders import raw_orders


@dg.asset(group_name="analytics", kinds={"duckdb"}, deps=[raw_orders])
def customer_totals(duckdb: DuckDBResource) -> dg.MaterializeResult:
    with duckdb.get_connection() as conn:
        conn.execute(
            """
            create or replace table customer_totals as
            select customer, sum(amount) as total from raw_orders group by customer
            """
        )
        customers = conn.execute("select count(*) from customer_totals").fetchone()[0]
    return dg.MaterializeResult(metadata={"customers": customers})


# end_analytics
