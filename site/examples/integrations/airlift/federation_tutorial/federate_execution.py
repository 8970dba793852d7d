# docs-example: no-import
# load_airflow_dag_asset_specs reads DAGs from the two Airflow REST APIs when
# Dagster loads `defs`, so this file needs both Airflow instances running.
# Importing it is safe (the definitions are lazy);
# tests/test_integrations_airlift.py loads them against fake instances.

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


def dag_asset_spec(airflow_instance: AirflowInstance, dag_id: str) -> dg.AssetSpec:
    """The asset that represents one DAG of an Airflow instance."""
    specs = load_airflow_dag_asset_specs(
        airflow_instance=airflow_instance,
        dag_selector_fn=lambda dag_info: dag_info.dag_id == dag_id,
    )
    if len(specs) != 1:
        raise ValueError(f"DAG {dag_id!r} not found in Airflow instance {airflow_instance.name!r}")
    return specs[0]


# start_trigger
def build_customer_metrics_asset(spec: dg.AssetSpec) -> dg.AssetsDefinition:
    """Make the customer_metrics DAG asset executable: materializing it runs the DAG."""

    @dg.multi_asset(specs=[spec], name="run_customer_metrics")
    def run_customer_metrics(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
        run_id = metrics_airflow.trigger_dag("customer_metrics")
        context.log.info(f"Started Airflow run {run_id} of customer_metrics")
        metrics_airflow.wait_for_run_completion("customer_metrics", run_id, timeout=3600)
        state = metrics_airflow.get_run_state("customer_metrics", run_id)
        if state != "success":
            raise Exception(f"Airflow run {run_id} of customer_metrics ended as {state!r}")
        return dg.MaterializeResult(metadata={"airflow_run_id": run_id})

    return run_customer_metrics


# end_trigger


# start_defs
@dg.definitions
def defs() -> dg.Definitions:
    load_customers = dag_asset_spec(warehouse_airflow, "load_customers")
    customer_metrics = dag_asset_spec(metrics_airflow, "customer_metrics").replace_attributes(
        deps=[load_customers],
        # Request a run whenever load_customers has a new materialization.
        automation_condition=dg.AutomationCondition.eager(),
    )
    return dg.Definitions(
        assets=[load_customers, build_customer_metrics_asset(customer_metrics)],
        sensors=[
            # Still needed: each successful load_customers run in Airflow
            # becomes a materialization that the automation condition sees.
            build_airflow_polling_sensor(
                mapped_assets=[load_customers], airflow_instance=warehouse_airflow
            ),
            # Evaluates automation conditions; on from the start.
            dg.AutomationConditionSensorDefinition(
                name="federation_automation_sensor",
                target=dg.AssetSelection.all(),
                default_status=dg.DefaultSensorStatus.RUNNING,
            ),
        ],
    )


# end_defs
