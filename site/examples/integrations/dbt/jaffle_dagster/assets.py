# start_imports
import dagster as dg
import pandas as pd
from dagster_dbt import DbtCliResource, dbt_assets, get_asset_key_for_model
from dagster_duckdb import DuckDBResource

from .project import jaffle_project
# end_imports


# start_raw_orders
@dg.asset(key_prefix="jaffle_shop", group_name="ingest", kinds={"python", "duckdb"})
def raw_orders(duckdb: DuckDBResource) -> dg.MaterializeResult:
    """Orders from the shop application, loaded into DuckDB for dbt."""
    # In a real pipeline this would come from an API or a file drop.
    orders = pd.DataFrame(
        {
            "order_id": [101, 102, 103, 104, 105, 106, 107, 108],
            "customer_id": [1, 1, 2, 3, 3, 3, 4, 5],
            "order_date": [
                "2024-03-01", "2024-03-04", "2024-03-04", "2024-03-05",
                "2024-03-09", "2024-03-12", "2024-03-12", "2024-03-15",
            ],
            "status": [
                "completed", "completed", "returned", "completed",
                "completed", "shipped", "completed", "placed",
            ],
            "amount": [18.5, 22.0, 9.75, 31.0, 12.25, 40.0, 15.5, 27.0],
        }
    )
    with duckdb.get_connection() as conn:
        conn.execute("create schema if not exists raw")
        conn.register("orders_frame", orders)
        conn.execute("create or replace table raw.raw_orders as select * from orders_frame")
    return dg.MaterializeResult(metadata={"dagster/row_count": len(orders)})
# end_raw_orders


# start_dbt_assets
@dbt_assets(manifest=jaffle_project.manifest_path, project=jaffle_project)
def jaffle_dbt_assets(context: dg.AssetExecutionContext, dbt: DbtCliResource):
    # `dbt build` runs seeds, models and tests in dependency order. Dagster
    # passes the selected models, so a partial selection runs only those.
    yield from dbt.cli(["build"], context=context).stream()
# end_dbt_assets


# start_customer_summary
@dg.asset(
    deps=[get_asset_key_for_model([jaffle_dbt_assets], "customers")],
    group_name="reporting",
    kinds={"python", "duckdb"},
)
def customer_summary(duckdb: DuckDBResource) -> dg.MaterializeResult:
    """Lifetime value per country, read from the dbt `customers` mart."""
    with duckdb.get_connection() as conn:
        by_country = conn.execute(
            """
            select
                country_name,
                count(*) as customers,
                sum(lifetime_value) as lifetime_value
            from customers
            group by country_name
            order by lifetime_value desc
            """
        ).fetchdf()
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": len(by_country),
            "by_country": dg.MetadataValue.md(by_country.to_markdown(index=False)),
        }
    )
# end_customer_summary
