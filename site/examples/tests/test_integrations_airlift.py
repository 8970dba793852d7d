"""Tests for the Airlift examples (site/examples/integrations/airlift/).

The Dagster-side examples build their definitions from an Airflow REST API.
Here that API is replaced with the fake instance dagster-airlift ships in
`dagster_airlift.test` (`make_instance`), so the tests need no Airflow: they
load each example's lazy `defs` against the fake, validate them like the
generic load test does, run the assets on tiny data, and evaluate the
polling sensor to check what it records for proxied and unproxied tasks.

Files that run inside Airflow (DAGs) import apache-airflow, which the examples
environment does not install; they are checked for what can be checked
without it (valid Python, proxied-state YAML that matches the DAG's tasks).
"""

from __future__ import annotations

import ast
import datetime
import importlib.util
from pathlib import Path

import dagster as dg
import pytest
import yaml
from dagster._time import get_current_datetime
from dagster_airlift.constants import DAG_ID_TAG_KEY, DAG_RUN_ID_TAG_KEY, TASK_ID_TAG_KEY
from dagster_airlift.test import make_dag_run, make_instance
from example_loader import EXAMPLES_ROOT, load_example, validate

AIRLIFT = "integrations/airlift"
TUTORIAL = f"{AIRLIFT}/airflow_to_dagster"
FEDERATION = f"{AIRLIFT}/federation_tutorial"

SALES_TASKS = ["load_raw_orders", "build_daily_sales", "export_daily_sales"]
SALES_TASK_DEPS = {"load_raw_orders": ["build_daily_sales"], "build_daily_sales": ["export_daily_sales"]}
SENSOR_NAME = "sales_airflow__airflow_dag_status_sensor"
DAG_ASSET = dg.AssetKey(["sales_airflow", "dag", "sales_pipeline"])


def recent_dag_run(dag_id: str, run_id: str):
    """A successful Airflow DAG run that ended a few seconds ago.

    The polling sensor's first tick looks back one minute.
    """
    now = get_current_datetime()
    return make_dag_run(
        dag_id=dag_id,
        run_id=run_id,
        start_date=now - datetime.timedelta(seconds=40),
        end_date=now - datetime.timedelta(seconds=5),
    )


def fake_sales_airflow(dag_runs=()):
    return make_instance(
        {"sales_pipeline": SALES_TASKS},
        task_deps=SALES_TASK_DEPS,
        dag_runs=list(dag_runs),
        instance_name="sales_airflow",
    )


def load_defs(relpath: str, **fake_instances) -> dg.Definitions:
    """Load an example, point its Airflow instance(s) at fakes, build its defs."""
    module = load_example(relpath)
    for name, fake in fake_instances.items():
        assert hasattr(module, name), f"{relpath} has no {name}"
        setattr(module, name, fake)
    defs = module.defs()
    validate(defs)
    return defs


def sensor_asset_keys(defs: dg.Definitions, sensor_name: str, instance) -> set[dg.AssetKey]:
    context = dg.build_sensor_context(instance=instance, repository_def=defs.get_repository_def())
    result = defs.resolve_sensor_def(sensor_name)(context)
    return {event.asset_key for event in result.asset_events}


# --- Airflow-side files ---------------------------------------------------


@pytest.mark.parametrize(
    "relpath",
    [
        f"{TUTORIAL}/airflow_dags/sales_pipeline.py",
        f"{FEDERATION}/airflow_dags/warehouse/load_customers.py",
        f"{FEDERATION}/airflow_dags/metrics/customer_metrics.py",
    ],
)
def test_airflow_dag_files_use_airflow_2_names(relpath):
    tree = ast.parse((EXAMPLES_ROOT / relpath).read_text())
    imported = {
        (node.module, alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert ("airflow", "DAG") in imported
    assert ("airflow.operators.python", "PythonOperator") in imported


def test_dag_file_proxies_with_names_dagster_airlift_exports():
    tree = ast.parse((EXAMPLES_ROOT / TUTORIAL / "airflow_dags/sales_pipeline.py").read_text())
    names = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "dagster_airlift.in_airflow"
        for alias in node.names
    }
    assert names == {"load_proxied_state_from_yaml", "proxying_to_dagster"}
    # The same names, checked against the installed package's source: the
    # module itself cannot be imported without apache-airflow.
    spec = importlib.util.find_spec("dagster_airlift")
    in_airflow_init = Path(spec.origin).parent / "in_airflow" / "__init__.py"
    source = in_airflow_init.read_text()
    for name in names:
        assert f"as {name}" in source


def _load_proxied_state_module():
    # dagster_airlift.in_airflow refuses to import without Airflow, but its
    # proxied_state module only needs PyYAML: load that file on its own.
    spec = importlib.util.find_spec("dagster_airlift")
    path = Path(spec.origin).parent / "in_airflow" / "proxied_state.py"
    module_spec = importlib.util.spec_from_file_location("airlift_proxied_state", path)
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return module


def test_proxied_state_yaml_matches_the_dag():
    proxied_state = _load_proxied_state_module()
    state = proxied_state.load_proxied_state_from_yaml(
        EXAMPLES_ROOT / TUTORIAL / "airflow_dags" / "proxied_state"
    )
    dag_state = state.dags["sales_pipeline"]
    assert dag_state.dag_proxies_at_task_level
    assert set(dag_state.tasks) == set(SALES_TASKS)
    assert all(dag_state.is_task_proxied(task) for task in SALES_TASKS)


def test_page_yaml_snippets_are_valid_proxied_state():
    """The proxied-state YAML shown inline on the migrate page parses."""
    proxied_state = _load_proxied_state_module()
    page = EXAMPLES_ROOT.parent / "docs/integrations/libraries/airlift/airflow-to-dagster/migrate.md"
    blocks = _fenced_blocks(page.read_text(), "yaml")
    assert blocks
    for block in blocks:
        data = yaml.safe_load(block)
        if "tasks" in data or "proxied" in data:
            proxied_state.DagProxiedState.from_dict(data)


def _fenced_blocks(text: str, language: str) -> list[str]:
    blocks, current = [], None
    for line in text.splitlines():
        stripped = line.strip()
        if current is None and stripped.startswith(f"```{language}"):
            current = []
        elif current is not None and stripped == "```":
            blocks.append("\n".join(current))
            current = None
        elif current is not None:
            current.append(line)
    return blocks


# --- Airflow to Dagster tutorial -----------------------------------------


def test_sales_logic_runs_end_to_end(tmp_path):
    sales = load_example(f"{TUTORIAL}/sales.py")
    warehouse = str(tmp_path / "warehouse.duckdb")
    assert sales.load_raw_orders(str(sales.SAMPLE_ORDERS_CSV), warehouse) == 8
    assert sales.build_daily_sales(warehouse) == 3
    output = tmp_path / "out" / "daily_sales.csv"
    assert sales.export_daily_sales(warehouse, str(output)) == 3
    assert output.read_text().splitlines()[0] == "order_date,orders,revenue"


def test_peer_creates_a_dag_asset_and_a_sensor():
    defs = load_defs(f"{TUTORIAL}/peer.py", airflow_instance=fake_sales_airflow())
    assert {spec.key for spec in defs.resolve_all_asset_specs()} == {DAG_ASSET}
    assert defs.resolve_sensor_def(SENSOR_NAME)


def test_peer_sensor_records_a_successful_dag_run():
    fake = fake_sales_airflow([recent_dag_run("sales_pipeline", "scheduled__1")])
    defs = load_defs(f"{TUTORIAL}/peer.py", airflow_instance=fake)
    with dg.instance_for_test() as instance:
        assert sensor_asset_keys(defs, SENSOR_NAME, instance) == {DAG_ASSET}


def test_observe_maps_tasks_to_assets():
    defs = load_defs(f"{TUTORIAL}/observe.py", airflow_instance=fake_sales_airflow())
    specs = {spec.key.to_user_string(): spec for spec in defs.resolve_all_asset_specs()}
    assert set(specs) == {"raw_orders", "daily_sales", "daily_sales_csv", "sales_airflow/dag/sales_pipeline"}
    assert specs["daily_sales"].metadata["Task ID"] == "build_daily_sales"
    # The DAG asset sits downstream of the last asset its tasks produce.
    dag_deps = {dep.asset_key for dep in specs["sales_airflow/dag/sales_pipeline"].deps}
    assert dag_deps == {dg.AssetKey("daily_sales_csv")}


def test_observe_sensor_records_every_task_of_a_run():
    fake = fake_sales_airflow([recent_dag_run("sales_pipeline", "scheduled__1")])
    defs = load_defs(f"{TUTORIAL}/observe.py", airflow_instance=fake)
    with dg.instance_for_test() as instance:
        keys = sensor_asset_keys(defs, SENSOR_NAME, instance)
    assert keys == {
        dg.AssetKey("raw_orders"),
        dg.AssetKey("daily_sales"),
        dg.AssetKey("daily_sales_csv"),
        DAG_ASSET,
    }


def storage_for(tmp_path, module_relpath=f"{TUTORIAL}/sales_assets.py"):
    sales_assets = load_example(module_relpath)
    sales = load_example(f"{TUTORIAL}/sales.py")
    return sales, sales_assets.SalesStorage(
        source_csv=str(sales.SAMPLE_ORDERS_CSV),
        warehouse=str(tmp_path / "warehouse.duckdb"),
        export_csv=str(tmp_path / "exports" / "daily_sales.csv"),
    )


def test_migrated_assets_materialize(tmp_path):
    defs = load_defs(f"{TUTORIAL}/migrate.py", airflow_instance=fake_sales_airflow())
    _, storage = storage_for(tmp_path)
    assets = [defs.get_assets_def(key) for key in ("raw_orders", "daily_sales", "daily_sales_csv")]
    # The task mapping survives on the executable assets: the proxy operator
    # in Airflow finds them by it.
    assert all(
        "dagster-airlift/task-mapping" in a.specs_by_key[a.key].metadata for a in assets
    )
    result = dg.materialize(assets, resources={"storage": storage})
    assert result.success
    assert (tmp_path / "exports" / "daily_sales.csv").read_text().count("\n") == 4
    metadata = result.asset_materializations_for_node("raw_orders")[0].metadata
    assert metadata["rows"].value == 8


def test_proxied_task_is_not_double_counted(tmp_path):
    """A proxied task's assets are materialized by Dagster; the sensor skips them.

    The proxy operator that replaces a task in Airflow launches a Dagster run
    of the task's assets, tagged with the Airflow DAG run and task. Here that
    run is made in-process with the same tags, for build_daily_sales only.
    """
    fake = fake_sales_airflow([recent_dag_run("sales_pipeline", "scheduled__7")])
    defs = load_defs(f"{TUTORIAL}/migrate.py", airflow_instance=fake)
    sales, storage = storage_for(tmp_path)
    # load_raw_orders is not proxied: Airflow ran the shared function itself.
    sales.load_raw_orders(storage.source_csv, storage.warehouse)
    with dg.instance_for_test() as instance:
        result = dg.materialize(
            [defs.get_assets_def("daily_sales")],
            instance=instance,
            resources={"storage": storage},
            tags={
                DAG_ID_TAG_KEY: "sales_pipeline",
                DAG_RUN_ID_TAG_KEY: "scheduled__7",
                TASK_ID_TAG_KEY: "build_daily_sales",
            },
        )
        assert result.success
        keys = sensor_asset_keys(defs, SENSOR_NAME, instance)
    assert dg.AssetKey("daily_sales") not in keys
    assert keys == {dg.AssetKey("raw_orders"), dg.AssetKey("daily_sales_csv"), DAG_ASSET}


def test_decommissioned_project_runs_on_its_own_schedule(tmp_path):
    module = load_example(f"{TUTORIAL}/decommission.py")
    validate(module.defs)
    _, storage = storage_for(tmp_path)
    job = module.defs.resolve_job_def(module.daily_sales_schedule.job_name)
    assert {key.to_user_string() for key in job.asset_layer.executable_asset_keys} == {
        "raw_orders",
        "daily_sales",
        "daily_sales_csv",
    }
    # No Airflow left: no DAG asset, no polling sensor.
    assert not list(module.defs.sensors or [])
    result = dg.materialize(
        [module.raw_orders, module.daily_sales, module.daily_sales_csv],
        resources={"storage": storage},
    )
    assert result.success


# --- Federation tutorial ---------------------------------------------------


def fake_warehouse(dag_runs=()):
    return make_instance(
        {"load_customers": ["load_customers_table"]},
        dag_runs=list(dag_runs),
        instance_name="warehouse",
    )


def fake_metrics(dag_runs=()):
    return make_instance(
        {"customer_metrics": ["compute_customers_per_region"]},
        dag_runs=list(dag_runs),
        instance_name="metrics",
    )


LOAD_CUSTOMERS = dg.AssetKey(["warehouse", "dag", "load_customers"])
CUSTOMER_METRICS = dg.AssetKey(["metrics", "dag", "customer_metrics"])


def test_federation_observe_links_dags_across_instances():
    defs = load_defs(
        f"{FEDERATION}/observe.py",
        warehouse_airflow=fake_warehouse(),
        metrics_airflow=fake_metrics(),
    )
    specs = {spec.key: spec for spec in defs.resolve_all_asset_specs()}
    assert set(specs) == {LOAD_CUSTOMERS, CUSTOMER_METRICS}
    assert {dep.asset_key for dep in specs[CUSTOMER_METRICS].deps} == {LOAD_CUSTOMERS}
    assert {sensor.name for sensor in defs.sensors} == {
        "warehouse__airflow_dag_status_sensor",
        "metrics__airflow_dag_status_sensor",
    }


def test_federation_sensors_record_each_instance():
    defs = load_defs(
        f"{FEDERATION}/observe.py",
        warehouse_airflow=fake_warehouse([recent_dag_run("load_customers", "scheduled__1")]),
        metrics_airflow=fake_metrics([recent_dag_run("customer_metrics", "scheduled__1")]),
    )
    with dg.instance_for_test() as instance:
        assert sensor_asset_keys(defs, "warehouse__airflow_dag_status_sensor", instance) == {
            LOAD_CUSTOMERS
        }
        assert sensor_asset_keys(defs, "metrics__airflow_dag_status_sensor", instance) == {
            CUSTOMER_METRICS
        }


def test_federation_missing_dag_is_reported():
    module = load_example(f"{FEDERATION}/observe.py")
    module.warehouse_airflow = make_instance({"other_dag": ["t"]}, instance_name="warehouse")
    module.metrics_airflow = fake_metrics()
    with pytest.raises(ValueError, match="load_customers"):
        module.defs()


def fake_metrics_that_runs(final_state: str):
    fake = fake_metrics()
    calls = []

    def trigger_dag(dag_id, logical_date=None):
        calls.append(("trigger", dag_id))
        return "manual__from_dagster"

    def wait_for_run_completion(dag_id, run_id, timeout=30):
        calls.append(("wait", dag_id, run_id, timeout))

    def get_run_state(dag_id, run_id):
        return final_state

    fake.trigger_dag = trigger_dag
    fake.wait_for_run_completion = wait_for_run_completion
    fake.get_run_state = get_run_state
    return fake, calls


def test_federated_asset_triggers_the_metrics_dag():
    metrics, calls = fake_metrics_that_runs("success")
    defs = load_defs(
        f"{FEDERATION}/federate_execution.py",
        warehouse_airflow=fake_warehouse(),
        metrics_airflow=metrics,
    )
    result = dg.materialize([defs.get_assets_def(CUSTOMER_METRICS)])
    assert result.success
    assert calls[0] == ("trigger", "customer_metrics")
    assert calls[1][:3] == ("wait", "customer_metrics", "manual__from_dagster")
    materialization = result.asset_materializations_for_node("run_customer_metrics")[0]
    assert materialization.asset_key == CUSTOMER_METRICS
    assert materialization.metadata["airflow_run_id"].value == "manual__from_dagster"


def test_federated_asset_fails_when_the_dag_run_fails():
    metrics, _ = fake_metrics_that_runs("failed")
    defs = load_defs(
        f"{FEDERATION}/federate_execution.py",
        warehouse_airflow=fake_warehouse(),
        metrics_airflow=metrics,
    )
    result = dg.materialize([defs.get_assets_def(CUSTOMER_METRICS)], raise_on_error=False)
    assert not result.success


def test_new_load_customers_run_requests_customer_metrics():
    metrics, _ = fake_metrics_that_runs("success")
    defs = load_defs(
        f"{FEDERATION}/federate_execution.py",
        warehouse_airflow=fake_warehouse(),
        metrics_airflow=metrics,
    )
    assert defs.resolve_sensor_def("federation_automation_sensor")
    with dg.instance_for_test() as instance:
        first = dg.evaluate_automation_conditions(defs=defs, instance=instance)
        # Nothing to do while load_customers has never run.
        assert first.total_requested == 0
        # What the warehouse sensor records after a successful Airflow run.
        instance.report_runless_asset_event(dg.AssetMaterialization(LOAD_CUSTOMERS))
        second = dg.evaluate_automation_conditions(
            defs=defs, instance=instance, cursor=first.cursor
        )
        assert second.get_requested_partitions(CUSTOMER_METRICS) == {None}


# --- Operator migration ----------------------------------------------------

OPS = f"{AIRLIFT}/operator_migration"


def task_mapping(assets_def: dg.AssetsDefinition) -> list:
    specs = list(assets_def.specs)
    mappings = {str(spec.metadata["dagster-airlift/task-mapping"]) for spec in specs}
    assert len(mappings) == 1, "every asset of the definition maps to the same task"
    return specs[0].metadata["dagster-airlift/task-mapping"]


def test_python_operator_asset_writes_the_report(tmp_path):
    module = load_example(f"{OPS}/python_operator.py")
    report = tmp_path / "reports" / "signups.json"
    result = dg.materialize(
        [module.signups_by_plan],
        run_config=dg.RunConfig(
            {"signups_by_plan": module.SignupReportConfig(report_path=str(report))}
        ),
    )
    assert result.success
    assert report.read_text().replace(" ", "").replace("\n", "") == '{"free":4,"pro":3,"team":1}'
    metadata = result.asset_materializations_for_node("signups_by_plan")[0].metadata
    assert metadata["signups"].value == 8


def test_python_operator_partition_replaces_ds_and_xcom():
    module = load_example(f"{OPS}/python_operator.py")
    result = dg.materialize(
        [module.daily_signups, module.daily_pro_share], partition_key="2025-03-02"
    )
    assert result.success
    assert result.output_for_node("daily_signups") == {"free": 1, "pro": 2, "team": 1}
    assert result.output_for_node("daily_pro_share") == 0.5


def test_python_operator_mapping():
    module = load_example(f"{OPS}/python_operator.py")
    assets = {a.key.to_user_string(): a for a in module.defs.assets}
    assert task_mapping(assets["signups_by_plan"]) == [
        {"dag_id": "signup_reports", "task_id": "count_signups"}
    ]


def test_bash_operator_script_runs_through_pipes(tmp_path):
    module = load_example(f"{OPS}/bash_operator_general.py")
    assets = {a.key.to_user_string(): a for a in module.defs.assets}
    resources = {"pipes_subprocess_client": dg.PipesSubprocessClient()}
    result = dg.materialize(
        [assets["cleaned_events"]], resources=resources, partition_key="2025-03-01"
    )
    assert result.success
    output = tmp_path / "cleaned_events" / "events_2025-03-01.csv"
    assert len(output.read_text().splitlines()) == 3  # header + two kept rows
    metadata = result.asset_materializations_for_node("cleaned_events")[0].metadata
    assert metadata["kept_rows"].value == 2
    assert metadata["dropped_rows"].value == 1

    archived = dg.materialize(
        [assets["cleaned_events"], assets["events_archive"]],
        resources=resources,
        selection=[assets["events_archive"]],
    )
    assert archived.success
    assert (tmp_path / "archive" / "events.tar.gz").stat().st_size > 0
    assert task_mapping(assets["events_archive"]) == [
        {"dag_id": "events_pipeline", "task_id": "archive_events"}
    ]


def test_bash_operator_script_also_runs_without_dagster(tmp_path):
    """The script still works when Airflow (or a person) runs it directly."""
    import subprocess
    import sys

    script = EXAMPLES_ROOT / OPS / "scripts" / "clean_events.py"
    subprocess.run(
        [sys.executable, str(script), "--date", "2025-03-02"],
        check=True,
        cwd=tmp_path,
        capture_output=True,
    )
    assert (tmp_path / "cleaned_events" / "events_2025-03-02.csv").exists()



def test_kubernetes_pod_operator_builds_the_same_pod():
    from dagster_k8s import PipesK8sClient
    from dagster_k8s.pipes import build_pod_body

    calls = []

    class FakeK8sClient(PipesK8sClient):
        def run(self, *, context, **kwargs):
            calls.append(kwargs)

            class Completed:
                def get_materialize_result(self):
                    return dg.MaterializeResult(metadata={"pod_image": kwargs["image"]})

            return Completed()

    module = load_example(f"{OPS}/kubernetes_pod_operator.py")
    result = dg.materialize([module.customer_scores], resources={"pipes_k8s_client": FakeK8sClient()})
    assert result.success
    (kwargs,) = calls
    assert kwargs["namespace"] == "data-jobs"
    assert kwargs["command"] == ["python", "score.py", "--model", "churn-v3"]
    # The pod the real client would create from these arguments is valid.
    pod = build_pod_body(
        pod_name="customer-scores",
        image=kwargs["image"],
        command=kwargs["command"],
        env_vars=kwargs["env"],
        base_pod_meta=kwargs["base_pod_meta"],
        base_pod_spec=kwargs["base_pod_spec"],
    )
    container = pod.spec.containers[0]
    assert container.image == "ghcr.io/acme/scoring:1.4.0"
    assert container.resources.requests == {"cpu": "1", "memory": "2Gi"}
    assert pod.spec.node_selector == {"workload": "batch"}
    assert pod.spec.service_account_name == "scoring"
    assert pod.metadata.labels["team"] == "analytics"
    assert ("BATCH_SIZE", "500") in [(e.name, e.value) for e in container.env]
    assets = {a.key.to_user_string(): a for a in module.defs.assets}
    assert task_mapping(assets["customer_scores"]) == [
        {"dag_id": "customer_scoring", "task_id": "score_customers"}
    ]


@pytest.mark.slow
def test_dbt_assets_build_the_project(tmp_path, monkeypatch):
    import duckdb

    database = tmp_path / "events.duckdb"
    monkeypatch.setenv("EVENTS_DUCKDB_PATH", str(database))
    module = load_example(f"{OPS}/bash_operator_dbt.py")
    keys = {key.to_user_string() for key in module.events_dbt_assets.keys}
    assert {"stg_app_events", "daily_active_users", "raw_app_events"} <= keys
    result = dg.materialize(
        [module.events_dbt_assets],
        resources={"dbt": module.defs.resources["dbt"]},
    )
    assert result.success
    with duckdb.connect(str(database), read_only=True) as conn:
        rows = conn.execute(
            "select cast(event_date as varchar), active_users from daily_active_users order by 1"
        ).fetchall()
    assert rows == [("2025-03-01", 2), ("2025-03-02", 3), ("2025-03-03", 1)]
    assert task_mapping(module.defs.assets[0]) == [
        {"dag_id": "events_reporting", "task_id": "dbt_build"}
    ]


def test_the_tutorials_unit_test_passes(tmp_path):
    module = load_example(f"{TUTORIAL}/test_sales_assets.py")
    module.test_sales_assets(tmp_path)
