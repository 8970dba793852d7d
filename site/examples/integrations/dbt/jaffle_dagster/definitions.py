# start_imports
import dagster as dg
from dagster_dbt import DbtCliResource
from dagster_duckdb import DuckDBResource

from .assets import customer_summary, jaffle_dbt_assets, raw_orders
from .project import DUCKDB_PATH, jaffle_project
from .schedules import daily_jaffle_schedule, jaffle_pipeline_job
# end_imports

# start_definitions
defs = dg.Definitions(
    assets=[raw_orders, jaffle_dbt_assets, customer_summary],
    jobs=[jaffle_pipeline_job],
    schedules=[daily_jaffle_schedule],
    resources={
        "dbt": DbtCliResource(project_dir=jaffle_project),
        "duckdb": DuckDBResource(database=DUCKDB_PATH),
    },
)
# end_definitions
