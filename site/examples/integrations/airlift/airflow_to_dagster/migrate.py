# docs-example: no-import
# build_defs_from_airflow_instance reads DAGs from the Airflow REST API when
# Dagster loads `defs`, so this file needs a running Airflow. Importing it is
# safe (the definitions are lazy); tests/test_integrations_airlift.py loads
# them against a fake Airflow instance.

# start_migrate
import os

import dagster as dg
from dagster_airlift.core import (
    AirflowBasicAuthBackend,
    AirflowInstance,
    assets_with_task_mappings,
    build_defs_from_airflow_instance,
)

from sales_assets import daily_sales, daily_sales_csv, raw_orders, storage

airflow_instance = AirflowInstance(
    auth_backend=AirflowBasicAuthBackend(
        webserver_url=os.getenv("AIRFLOW_WEBSERVER_URL", "http://localhost:8080"),
        username=os.getenv("AIRFLOW_USERNAME", "admin"),
        password=os.getenv("AIRFLOW_PASSWORD", "admin"),
    ),
    name="sales_airflow",
)


# start_mapping
@dg.definitions
def defs() -> dg.Definitions:
    return build_defs_from_airflow_instance(
        airflow_instance=airflow_instance,
        defs=dg.Definitions(
            # The same task mapping as before, now with executable assets in
            # place of the specs.
            assets=assets_with_task_mappings(
                dag_id="sales_pipeline",
                task_mappings={
                    "load_raw_orders": [raw_orders],
                    "build_daily_sales": [daily_sales],
                    "export_daily_sales": [daily_sales_csv],
                },
            ),
            resources={"storage": storage},
        ),
    )


# end_mapping
# end_migrate
