# docs-example: no-import
# (It calls the Airflow REST API at import; tests load it with a fake instance.)
# start_example
import os
from collections.abc import Iterable, Sequence

import dagster as dg
from dagster_airlift.core import (
    AirflowBasicAuthBackend,
    AirflowDefinitionsData,
    AirflowInstance,
    AssetEvent,
    DagInfo,
    assets_with_dag_mappings,
    assets_with_task_mappings,
    build_defs_from_airflow_instance,
)

airflow_instance = AirflowInstance(
    auth_backend=AirflowBasicAuthBackend(
        webserver_url=os.getenv("AIRFLOW_URL", "http://localhost:8080"),
        username=os.getenv("AIRFLOW_USERNAME", "admin"),
        password=os.getenv("AIRFLOW_PASSWORD", ""),
    ),
    name="warehouse_airflow",
)

# The tasks of `load_orders` produce two tables; the whole `refresh_reports`
# DAG produces one report.
mapped_assets = [
    *assets_with_task_mappings(
        dag_id="load_orders",
        task_mappings={
            "extract": [dg.AssetSpec("raw_orders")],
            "transform": [dg.AssetSpec("orders", deps=["raw_orders"])],
        },
    ),
    *assets_with_dag_mappings(
        dag_mappings={"refresh_reports": [dg.AssetSpec("daily_report", deps=["orders"])]},
    ),
]


def skip_sandbox_dags(dag_info: DagInfo) -> bool:
    return not dag_info.dag_id.startswith("sandbox_")


def tag_with_instance(
    context: dg.SensorEvaluationContext,
    airflow_data: AirflowDefinitionsData,
    materializations: Sequence[dg.AssetMaterialization],
) -> Iterable[AssetEvent]:
    for materialization in materializations:
        yield materialization._replace(
            tags={**(materialization.tags or {}), "airflow/instance": airflow_data.instance_name}
        )


# Lists the DAGs of the Airflow instance when the code location loads, so the
# webserver must be reachable then.
defs = build_defs_from_airflow_instance(
    airflow_instance=airflow_instance,
    defs=dg.Definitions(assets=mapped_assets),
    dag_selector_fn=skip_sandbox_dags,
    event_transformer_fn=tag_with_instance,
    sensor_minimum_interval_seconds=60,
)
# end_example
