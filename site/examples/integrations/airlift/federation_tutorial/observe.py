# docs-example: no-import
# load_airflow_dag_asset_specs reads DAGs from the two Airflow REST APIs when
# Dagster loads `defs`, so this file needs both Airflow instances running.
# Importing it is safe (the definitions are lazy);
# tests/test_integrations_airlift.py loads them against fake instances.

# start_instances
import os

import dagster as dg
from dagster_airlift.core import (
    AirflowBasicAuthBackend,
    AirflowInstance,
    build_airflow_polling_sensor,
    load_airflow_dag_asset_specs,
)

warehouse_airflow = AirflowInstance(
    auth_backend=AirflowBasicAuthBackend(
        webserver_url=os.getenv("WAREHOUSE_AIRFLOW_URL", "http://localhost:8081"),
        username=os.getenv("AIRFLOW_USERNAME", "admin"),
        password=os.getenv("AIRFLOW_PASSWORD", "admin"),
    ),
    name="warehouse",
)
metrics_airflow = AirflowInstance(
    auth_backend=AirflowBasicAuthBackend(
        webserver_url=os.getenv("METRICS_AIRFLOW_URL", "http://localhost:8082"),
        username=os.getenv("AIRFLOW_USERNAME", "admin"),
        password=os.getenv("AIRFLOW_PASSWORD", "admin"),
    ),
    name="metrics",
)
# end_instances


# start_dag_spec
def dag_asset_spec(airflow_instance: AirflowInstance, dag_id: str) -> dg.AssetSpec:
    """The asset that represents one DAG of an Airflow instance."""
    specs = load_airflow_dag_asset_specs(
        airflow_instance=airflow_instance,
        dag_selector_fn=lambda dag_info: dag_info.dag_id == dag_id,
    )
    if len(specs) != 1:
        raise ValueError(f"DAG {dag_id!r} not found in Airflow instance {airflow_instance.name!r}")
    return specs[0]


# end_dag_spec


# start_defs
@dg.definitions
def defs() -> dg.Definitions:
    load_customers = dag_asset_spec(warehouse_airflow, "load_customers")
    # Draw the cross-instance dependency that Airflow cannot see.
    customer_metrics = dag_asset_spec(metrics_airflow, "customer_metrics").replace_attributes(
        deps=[load_customers]
    )
    return dg.Definitions(
        assets=[load_customers, customer_metrics],
        sensors=[
            # One sensor per instance records each successful DAG run as a
            # materialization of the DAG's asset.
            build_airflow_polling_sensor(
                mapped_assets=[load_customers], airflow_instance=warehouse_airflow
            ),
            build_airflow_polling_sensor(
                mapped_assets=[customer_metrics], airflow_instance=metrics_airflow
            ),
        ],
    )


# end_defs
