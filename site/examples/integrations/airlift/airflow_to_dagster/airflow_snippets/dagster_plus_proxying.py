# docs-example: no-import
# Airflow-side code: it needs apache-airflow and dagster-airlift[in-airflow],
# which the docs examples environment does not install. The block replaces
# the proxying block at the end of a DAG file such as
# ../airflow_dags/sales_pipeline.py.

# start_custom_operator
from pathlib import Path

import requests
from airflow.models import Variable
from airflow.utils.context import Context
from dagster_airlift.in_airflow import (
    BaseProxyTaskToDagsterOperator,
    load_proxied_state_from_yaml,
    proxying_to_dagster,
)


class DagsterPlusProxyOperator(BaseProxyTaskToDagsterOperator):
    """Runs a proxied task's assets in a Dagster+ deployment."""

    def get_dagster_session(self, context: Context) -> requests.Session:
        session = requests.Session()
        # A Dagster+ user or agent token, kept in an Airflow Variable.
        session.headers["Dagster-Cloud-Api-Token"] = Variable.get("dagster_cloud_api_token")
        return session

    def get_dagster_url(self, context: Context) -> str:
        # Your organization and deployment: https://<org>.dagster.cloud/<deployment>
        return Variable.get("dagster_deployment_url")


proxying_to_dagster(
    global_vars=globals(),
    proxied_state=load_proxied_state_from_yaml(Path(__file__).parent / "proxied_state"),
    build_from_task_fn=DagsterPlusProxyOperator.build_from_task,
)
# end_custom_operator
