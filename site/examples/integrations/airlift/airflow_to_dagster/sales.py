"""Business logic shared by the Airflow DAG and the Dagster assets.

Both orchestrators import these functions, so moving a step from an Airflow
task to a Dagster asset changes who calls the code, not what the code does.
Each function takes explicit paths: a CSV of orders to load, a DuckDB file
that acts as the warehouse, and a CSV to export the report to.
"""

from pathlib import Path

import duckdb

SAMPLE_ORDERS_CSV = Path(__file__).parent / "orders.csv"


def load_raw_orders(source_csv: str, warehouse: str) -> int:
    """Copy the orders CSV into the raw_orders table; return the row count."""
    with duckdb.connect(warehouse) as conn:
        conn.execute(
            "create or replace table raw_orders as select * from read_csv_auto(?)",
            [str(source_csv)],
        )
        return conn.execute("select count(*) from raw_orders").fetchone()[0]


def build_daily_sales(warehouse: str) -> int:
    """Aggregate raw_orders into one row per day; return the number of days."""
    with duckdb.connect(warehouse) as conn:
        conn.execute(
            """
            create or replace table daily_sales as
            select
                order_date,
                count(*) as orders,
                round(sum(amount), 2) as revenue
            from raw_orders
            group by order_date
            order by order_date
            """
        )
        return conn.execute("select count(*) from daily_sales").fetchone()[0]


def export_daily_sales(warehouse: str, output_csv: str) -> int:
    """Write daily_sales to a CSV file for the finance team; return the row count."""
    Path(output_csv).parent.mkdir(parents=True, exist_ok=True)
    with duckdb.connect(warehouse) as conn:
        conn.execute(f"copy daily_sales to '{output_csv}' (header, delimiter ',')")
        return conn.execute("select count(*) from daily_sales").fetchone()[0]
