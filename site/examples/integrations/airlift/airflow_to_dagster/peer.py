# docs-example: no-import
# build_defs_from_airflow_instance reads DAGs from the Airflow REST API when
# Dagster loads `defs`, so this file needs a running Airflow. Importing it is
# safe (the definitions are lazy); tests/test_integrations_airlift.py loads
# them against a fake Airflow instance.

# start_peer
import os

import dagster as dg
from dagster_airlift.core import (
    AirflowBasicAuthBackend,
    AirflowInstance,
    build_defs_from_airflow_instance,
)

# Creating the instance only stores connection details: nothing is
# requested from Airflow until the definitions load.
airflow_instance = AirflowInstance(
    auth_backend=AirflowBasicAuthBackend(
        webserver_url=os.getenv("AIRFLOW_WEBSERVER_URL", "http://localhost:8080"),
        username=os.getenv("AIRFLOW_USERNAME", "admin"),
        password=os.getenv("AIRFLOW_PASSWORD", "admin"),
    ),
    # Prefixes the key of every DAG asset: sales_airflow/dag/<dag_id>.
    name="sales_airflow",
)


@dg.definitions
def defs() -> dg.Definitions:
    # One asset per DAG, plus a sensor that polls Airflow for finished runs.
    return build_defs_from_airflow_instance(airflow_instance=airflow_instance)


# end_peer
