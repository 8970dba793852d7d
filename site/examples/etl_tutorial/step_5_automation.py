"""ETL pipeline tutorial, step 5: etl_pipeline.py with schedules and automation."""

# start_imports
from pathlib import Path

import dagster as dg
from dagster_duckdb import DuckDBResource

# end_imports

# start_paths
DATA_DIR = Path(__file__).parent / "data"
DUCKDB_PATH = DATA_DIR / "etl_tutorial.duckdb"
# end_paths

# start_partitions_defs
monthly_partition = dg.MonthlyPartitionsDefinition(start_date="2024-01-01")
category_partition = dg.StaticPartitionsDefinition(
    ["electronics", "home", "outdoors"]
)
# end_partitions_defs


# start_raw_assets
def load_csv_into_table(
    duckdb: DuckDBResource, table: str
) -> dg.MaterializeResult:
    """Replace `table` with the rows of data/<table>.csv and report its size."""
    csv_path = (DATA_DIR / f"{table}.csv").as_posix()
    with duckdb.get_connection() as conn:
        conn.execute(
            f"CREATE OR REPLACE TABLE {table} AS "
            f"SELECT * FROM read_csv_auto('{csv_path}')"
        )
        row_count = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    return dg.MaterializeResult(
        metadata={"dagster/row_count": row_count, "source_file": csv_path}
    )


@dg.asset(kinds={"duckdb"}, group_name="ingestion")
def raw_customers(duckdb: DuckDBResource) -> dg.MaterializeResult:
    """Customers, loaded as-is from raw_customers.csv."""
    return load_csv_into_table(duckdb, "raw_customers")


@dg.asset(kinds={"duckdb"}, group_name="ingestion")
def raw_products(duckdb: DuckDBResource) -> dg.MaterializeResult:
    """Product catalog, loaded as-is from raw_products.csv."""
    return load_csv_into_table(duckdb, "raw_products")


@dg.asset(kinds={"duckdb"}, group_name="ingestion")
def raw_orders(duckdb: DuckDBResource) -> dg.MaterializeResult:
    """Order lines, loaded as-is from raw_orders.csv."""
    return load_csv_into_table(duckdb, "raw_orders")


# end_raw_assets

# start_orders_enriched
@dg.asset(
    deps=[raw_orders, raw_customers, raw_products],
    kinds={"duckdb"},
    group_name="transformation",
    automation_condition=dg.AutomationCondition.eager(),
)
def orders_enriched(duckdb: DuckDBResource) -> dg.MaterializeResult:
    """One row per order, joined with its customer and product."""
    query = """
        CREATE OR REPLACE TABLE orders_enriched AS
        SELECT
            o.order_id,
            o.order_date,
            o.customer_id,
            c.first_name || ' ' || c.last_name AS customer_name,
            c.country,
            o.product_id,
            p.name AS product_name,
            p.category,
            o.quantity,
            p.price,
            round(o.quantity * p.price, 2) AS amount
        FROM raw_orders AS o
        LEFT JOIN raw_customers AS c ON o.customer_id = c.customer_id
        LEFT JOIN raw_products AS p ON o.product_id = p.product_id
    """
    with duckdb.get_connection() as conn:
        conn.execute(query)
        row_count, revenue = conn.execute(
            "SELECT count(*), round(sum(amount), 2) FROM orders_enriched"
        ).fetchone()
    return dg.MaterializeResult(
        metadata={"dagster/row_count": row_count, "total_revenue": float(revenue)}
    )


# end_orders_enriched

# start_asset_checks
@dg.asset_check(asset=raw_orders)
def raw_orders_have_positive_quantities(
    duckdb: DuckDBResource,
) -> dg.AssetCheckResult:
    """Every order line must have a quantity of at least one."""
    with duckdb.get_connection() as conn:
        invalid_rows = conn.execute(
            """
            SELECT count(*) FROM raw_orders
            WHERE quantity IS NULL OR quantity < 1
            """
        ).fetchone()[0]
    return dg.AssetCheckResult(
        passed=invalid_rows == 0, metadata={"invalid_rows": invalid_rows}
    )


@dg.asset_check(asset=orders_enriched, blocking=True)
def orders_enriched_has_no_orphans(duckdb: DuckDBResource) -> dg.AssetCheckResult:
    """Every order must match a known customer and a known product."""
    with duckdb.get_connection() as conn:
        orphans = conn.execute(
            """
            SELECT count(*) FROM orders_enriched
            WHERE customer_name IS NULL OR product_name IS NULL
            """
        ).fetchone()[0]
    return dg.AssetCheckResult(
        passed=orphans == 0,
        metadata={"orphaned_orders": orphans},
        description=None if orphans == 0 else f"{orphans} orders have no match",
    )


# end_asset_checks


# start_monthly_sales
@dg.asset(
    deps=[orders_enriched],
    partitions_def=monthly_partition,
    kinds={"duckdb"},
    group_name="analytics",
)
def monthly_sales(
    context: dg.AssetExecutionContext, duckdb: DuckDBResource
) -> dg.MaterializeResult:
    """Orders, units and revenue per product category for one calendar month."""
    window = context.partition_time_window
    month_start = window.start.strftime("%Y-%m-%d")
    next_month_start = window.end.strftime("%Y-%m-%d")

    with duckdb.get_connection() as conn:
        conn.execute(
            """
            CREATE TABLE IF NOT EXISTS monthly_sales (
                month DATE,
                category VARCHAR,
                order_count BIGINT,
                units_sold BIGINT,
                revenue DOUBLE
            )
            """
        )
        # Delete, then insert: re-running a partition replaces only its own rows.
        conn.execute("DELETE FROM monthly_sales WHERE month = ?", [month_start])
        conn.execute(
            """
            INSERT INTO monthly_sales
            SELECT
                CAST(? AS DATE) AS month,
                category,
                count(*) AS order_count,
                sum(quantity) AS units_sold,
                round(sum(amount), 2) AS revenue
            FROM orders_enriched
            WHERE order_date >= CAST(? AS DATE) AND order_date < CAST(? AS DATE)
            GROUP BY category
            """,
            [month_start, month_start, next_month_start],
        )
        row_count = conn.execute(
            "SELECT count(*) FROM monthly_sales WHERE month = ?", [month_start]
        ).fetchone()[0]

    return dg.MaterializeResult(metadata={"dagster/row_count": row_count})


# end_monthly_sales


# start_category_sales
@dg.asset(
    deps=[orders_enriched],
    partitions_def=category_partition,
    kinds={"duckdb"},
    group_name="analytics",
    automation_condition=dg.AutomationCondition.eager(),
)
def category_sales(
    context: dg.AssetExecutionContext, duckdb: DuckDBResource
) -> dg.MaterializeResult:
    """Units and revenue per product, for one product category."""
    category = context.partition_key

    with duckdb.get_connection() as conn:
        conn.execute(
            """
            CREATE TABLE IF NOT EXISTS category_sales (
                category VARCHAR,
                product_name VARCHAR,
                units_sold BIGINT,
                revenue DOUBLE
            )
            """
        )
        conn.execute("DELETE FROM category_sales WHERE category = ?", [category])
        conn.execute(
            """
            INSERT INTO category_sales
            SELECT
                category,
                product_name,
                sum(quantity) AS units_sold,
                round(sum(amount), 2) AS revenue
            FROM orders_enriched
            WHERE category = ?
            GROUP BY category, product_name
            """,
            [category],
        )
        row_count = conn.execute(
            "SELECT count(*) FROM category_sales WHERE category = ?", [category]
        ).fetchone()[0]

    return dg.MaterializeResult(metadata={"dagster/row_count": row_count})


# end_category_sales


# start_jobs_and_schedules
ingest_job = dg.define_asset_job(
    name="ingest_job",
    selection=dg.AssetSelection.groups("ingestion"),
)

daily_ingest_schedule = dg.ScheduleDefinition(
    name="daily_ingest_schedule",
    job=ingest_job,
    cron_schedule="0 6 * * *",  # every day at 06:00
)

monthly_sales_job = dg.define_asset_job(
    name="monthly_sales_job",
    selection=dg.AssetSelection.assets(monthly_sales),
)

# Runs shortly after each month ends and fills in the month that just closed.
monthly_sales_schedule = dg.build_schedule_from_partitioned_job(
    monthly_sales_job, name="monthly_sales_schedule"
)
# end_jobs_and_schedules

# start_definitions
defs = dg.Definitions(
    assets=[
        raw_customers,
        raw_products,
        raw_orders,
        orders_enriched,
        monthly_sales,
        category_sales,
    ],
    asset_checks=[
        raw_orders_have_positive_quantities,
        orders_enriched_has_no_orphans,
    ],
    schedules=[daily_ingest_schedule, monthly_sales_schedule],
    resources={
        "duckdb": DuckDBResource(database=str(DUCKDB_PATH)),
    },
)
# end_definitions
