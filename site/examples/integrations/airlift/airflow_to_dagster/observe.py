# docs-example: no-import
# build_defs_from_airflow_instance reads DAGs from the Airflow REST API when
# Dagster loads `defs`, so this file needs a running Airflow. Importing it is
# safe (the definitions are lazy); tests/test_integrations_airlift.py loads
# them against a fake Airflow instance.

# start_instance
import os

import dagster as dg
from dagster_airlift.core import (
    AirflowBasicAuthBackend,
    AirflowInstance,
    assets_with_task_mappings,
    build_defs_from_airflow_instance,
)

airflow_instance = AirflowInstance(
    auth_backend=AirflowBasicAuthBackend(
        webserver_url=os.getenv("AIRFLOW_WEBSERVER_URL", "http://localhost:8080"),
        username=os.getenv("AIRFLOW_USERNAME", "admin"),
        password=os.getenv("AIRFLOW_PASSWORD", "admin"),
    ),
    name="sales_airflow",
)
# end_instance

# start_specs
# Specs describe the data each task produces. They are not executable yet:
# Airflow still does the work, and Dagster records it.
raw_orders = dg.AssetSpec(
    "raw_orders",
    description="Orders copied from the source CSV into DuckDB.",
    kinds={"duckdb"},
)
daily_sales = dg.AssetSpec(
    "daily_sales",
    description="Order count and revenue per day.",
    deps=[raw_orders],
    kinds={"duckdb"},
)
daily_sales_csv = dg.AssetSpec(
    "daily_sales_csv",
    description="daily_sales exported as CSV for the finance team.",
    deps=[daily_sales],
    kinds={"csv"},
)
# end_specs


# start_mapping
@dg.definitions
def defs() -> dg.Definitions:
    return build_defs_from_airflow_instance(
        airflow_instance=airflow_instance,
        defs=dg.Definitions(
            assets=assets_with_task_mappings(
                dag_id="sales_pipeline",
                task_mappings={
                    "load_raw_orders": [raw_orders],
                    "build_daily_sales": [daily_sales],
                    "export_daily_sales": [daily_sales_csv],
                },
            ),
        ),
    )


# end_mapping
