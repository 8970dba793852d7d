"""Tests for the examples and reference tables of the API pages of library group g4:
dagster-airlift, dagster-k8s, dagster-celery(-docker, -k8s), dagster-docker, dagster-dask,
dagster-postgres, dagster-mysql, dagster-graphql, dagstermill."""

import inspect
import json
import re
from pathlib import Path

import dagster as dg
import pytest

from example_loader import load_example

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api" / "python-api" / "libraries"


def table_keys(page: str, intro: str) -> set[str]:
    """The first-column keys of the Markdown table that follows the line `intro` on a page."""
    lines = (DOCS / page).read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(intro))
    keys = set()
    for line in lines[start + 1 :]:
        if not line.strip() and keys:
            break
        match = re.match(r"\| `([^`]+)` \|", line)
        if match:
            keys.add(match.group(1))
    return keys


def same_parameters(fake, real) -> bool:
    """Parameter names, kinds and defaults agree (annotations aside)."""

    def shape(fn):
        return [(p.name, p.kind, p.default) for p in inspect.signature(fn).parameters.values()]

    return shape(fake) == shape(real)


def executor_config_keys(executor_def) -> set[str]:
    return set(executor_def.config_schema.config_type.fields)


# --- dagster-k8s -------------------------------------------------------------

from dagster_k8s import (  # noqa: E402
    DagsterK8sJobConfig,
    PipesK8sClient,
    construct_dagster_k8s_job,
    k8s_job_executor,
)


class FakePipesK8sClient(PipesK8sClient):
    """Records the call instead of creating a pod; same signature as the real `run`."""

    def run(
        self,
        *,
        context,
        extras=None,
        image=None,
        command=None,
        namespace=None,
        env=None,
        base_pod_meta=None,
        base_pod_spec=None,
        ignore_containers=None,
        enable_multi_container_logs=False,
        pod_wait_timeout=86400.0,
        delete_pod_on_completion=True,
    ):
        self.calls = getattr(self, "calls", [])
        self.calls.append(
            {"image": image, "command": command, "namespace": namespace, "env": env}
        )

        class Completed:
            def get_materialize_result(self):
                return dg.MaterializeResult(metadata={"rows": 120})

        return Completed()


def test_fake_k8s_client_matches_real_signature():
    assert same_parameters(FakePipesK8sClient.run, PipesK8sClient.run)


def test_k8s_pipes_asset_passes_pod_settings():
    example = load_example("api/libraries/dagster_k8s_reference.py")
    client = FakePipesK8sClient()
    result = dg.materialize([example.scored_customers], resources={"k8s_pipes_client": client})
    assert result.success
    assert client.calls == [
        {
            "image": "registry.example.com/scoring:1.4",
            "command": ["python", "score.py"],
            "namespace": "analytics",
            "env": {"MODEL_VERSION": "7"},
        }
    ]
    mat = result.asset_materializations_for_node("scored_customers")[0]
    assert mat.metadata["rows"].value == 120


def test_k8s_client_defaults_and_conflicting_settings():
    client = PipesK8sClient()
    assert client.poll_interval == 10.0
    with pytest.raises(Exception, match="kubeconfig_file and kube_context"):
        PipesK8sClient(load_incluster_config=True, kubeconfig_file="~/.kube/config")


def test_k8s_executor_job_runs_and_uses_k8s_executor():
    example = load_example("api/libraries/dagster_k8s_reference.py")
    job = example.nightly_summary
    assert job.executor_def.name == "k8s"
    assert job.execute_in_process().output_for_node("summarize") == 6
    tag = json.loads(job.graph.node_named("summarize").definition.tags["dagster-k8s/config"])
    assert tag["container_config"]["resources"]["requests"]["cpu"] == "500m"


def test_k8s_executor_table_is_complete():
    assert table_keys(
        "dagster-k8s.md", "The configuration keys of `k8s_job_executor`"
    ) == executor_config_keys(k8s_job_executor)


def test_k8s_config_tag_keys_listed_on_page():
    from dagster_k8s.job import USER_DEFINED_K8S_JOB_CONFIG_SCHEMA

    text = (DOCS / "dagster-k8s.md").read_text()
    sentence = next(line for line in text.splitlines() if line.startswith("Per-op and per-run"))
    listed = set(re.findall(r"`([a-z_]+)`", sentence))
    assert set(USER_DEFINED_K8S_JOB_CONFIG_SCHEMA.fields) <= listed


def test_construct_k8s_job_names_pod_and_checks_length():
    config = DagsterK8sJobConfig(job_image="my-image:1", dagster_home="/opt/dagster/home")
    assert config.image_pull_policy == "Always"
    job = construct_dagster_k8s_job(config, ["dagster", "api"], "dagster-run-abc")
    assert job.metadata.name == "dagster-run-abc"
    assert job.spec.template.metadata.name == "dagster-run-abc-pod"
    with pytest.raises(Exception, match="63"):
        construct_dagster_k8s_job(config, None, "x" * 64)


# --- dagster-airlift ---------------------------------------------------------

from datetime import datetime, timedelta, timezone  # noqa: E402

from dagster_airlift.core import AirflowAuthBackend, AirflowInstance  # noqa: E402
from dagster_airlift.test import asset_spec, make_dag_run, make_instance  # noqa: E402


def fake_airflow(runs=()):
    return make_instance(
        {
            "load_orders": ["extract", "transform"],
            "refresh_reports": ["build"],
            "sandbox_try": ["scratch"],
        },
        dag_runs=list(runs),
        instance_name="warehouse_airflow",
    )


def load_airlift_example(monkeypatch, runs=()):
    """Import the example with an in-memory Airflow in place of the webserver it would call."""
    import dagster_airlift.core

    fake = fake_airflow(runs)
    built = {}

    def fake_instance(*, auth_backend, name, **kwargs):
        built.update(auth_backend=auth_backend, name=name)
        return fake

    monkeypatch.setattr(dagster_airlift.core, "AirflowInstance", fake_instance)
    example = load_example("api/libraries/dagster_airlift_reference.py")
    return example, built


def test_airlift_example_builds_instance_from_environment(monkeypatch):
    monkeypatch.setenv("AIRFLOW_URL", "https://airflow.internal")
    _, built = load_airlift_example(monkeypatch)
    assert built["name"] == "warehouse_airflow"
    assert built["auth_backend"].get_webserver_url() == "https://airflow.internal"


def test_airlift_defs_have_dag_assets_mappings_and_sensor(monkeypatch):
    example, _ = load_airlift_example(monkeypatch)
    defs = example.defs
    keys = {spec.key.to_user_string() for spec in defs.resolve_all_asset_specs()}
    assert keys == {
        "raw_orders",
        "orders",
        "daily_report",
        "warehouse_airflow/dag/load_orders",
        "warehouse_airflow/dag/refresh_reports",
    }  # the sandbox DAG is left out by the selector
    assert "dagster-airlift/task-mapping" in asset_spec("orders", defs).metadata
    assert "dagster-airlift/dag-mapping" in asset_spec("daily_report", defs).metadata
    [sensor] = defs.sensors
    assert sensor.name == "warehouse_airflow__airflow_dag_status_sensor"
    assert sensor.minimum_interval_seconds == 60


def test_airlift_sensor_records_tagged_materializations(monkeypatch):
    now = datetime.now(timezone.utc)
    run = make_dag_run(
        "load_orders", "run-1", now - timedelta(seconds=40), now - timedelta(seconds=5)
    )
    example, _ = load_airlift_example(monkeypatch, [run])
    defs = example.defs
    with dg.instance_for_test() as instance:
        context = dg.build_sensor_context(
            instance=instance, repository_def=defs.get_repository_def()
        )
        result = defs.sensors[0](context)
    events = {e.asset_key.to_user_string(): e for e in result.asset_events}
    assert set(events) == {"raw_orders", "orders", "warehouse_airflow/dag/load_orders"}
    assert all(e.tags["airflow/instance"] == "warehouse_airflow" for e in events.values())


class _Response:
    def __init__(self, payload, status_code=200):
        self._payload, self.status_code, self.text = payload, status_code, str(payload)

    def json(self):
        return self._payload


class _Session:
    """Stands in for requests.Session: records calls, answers like the Airflow REST API."""

    def __init__(self, states):
        self.states, self.requests = list(states), []

    def post(self, url, json=None, **kwargs):
        self.requests.append(("POST", url, json))
        return _Response({"dag_run_id": "manual__1"})

    def get(self, url, **kwargs):
        self.requests.append(("GET", url, None))
        return _Response({"state": self.states.pop(0) if len(self.states) > 1 else self.states[0]})


class _Backend(AirflowAuthBackend):
    def __init__(self, session):
        self.session = session

    def get_session(self):
        return self.session

    def get_webserver_url(self):
        return "http://airflow:8080"


def test_airflow_instance_trigger_wait_and_state(monkeypatch):
    monkeypatch.setattr("dagster_airlift.core.airflow_instance.SLEEP_SECONDS", 0)
    session = _Session(["running", "success"])
    instance = AirflowInstance(auth_backend=_Backend(session), name="warehouse_airflow")
    run_id = instance.trigger_dag("load_orders")
    assert run_id == "manual__1"
    assert session.requests[0] == ("POST", "http://airflow:8080/api/v1/dags/load_orders/dagRuns", {})
    assert instance.wait_for_run_completion("load_orders", run_id, timeout=5) is None
    assert instance.get_run_state("load_orders", run_id) == "success"


def test_airflow_instance_name_must_be_valid():
    with pytest.raises(Exception):
        AirflowInstance(auth_backend=_Backend(_Session(["success"])), name="my airflow")


# --- dagster-docker ----------------------------------------------------------

from dagster_docker import DockerRunLauncher, PipesDockerClient, docker_executor  # noqa: E402


class FakePipesDockerClient(PipesDockerClient):
    """Records the call instead of starting a container; same signature as the real `run`."""

    def run(
        self,
        *,
        context,
        image,
        extras=None,
        command=None,
        env=None,
        registry=None,
        container_kwargs=None,
    ):
        self.calls = getattr(self, "calls", [])
        self.calls.append({"image": image, "command": command, "env": env, "kw": container_kwargs})

        class Completed:
            def get_materialize_result(self):
                return dg.MaterializeResult(metadata={"images": 42})

        return Completed()


def test_docker_fake_matches_real_signature():
    assert same_parameters(FakePipesDockerClient.run, PipesDockerClient.run)


def test_docker_pipes_asset_passes_container_settings():
    example = load_example("api/libraries/dagster_docker_reference.py")
    client = FakePipesDockerClient(env={"LOG_LEVEL": "info"})
    result = dg.materialize([example.resized_images], resources={"docker_pipes_client": client})
    assert result.success
    [call] = client.calls
    assert call["image"] == "registry.example.com/image-tools:2.1"
    assert call["env"] == {"BUCKET": "raw-images"}
    assert "volumes" in call["kw"]


def test_docker_executor_job_and_table():
    example = load_example("api/libraries/dagster_docker_reference.py")
    assert example.id_report.executor_def.name == "docker"
    assert example.id_report.execute_in_process().output_for_node("count_ids") == 3
    assert table_keys(
        "dagster-docker.md", "The configuration keys of `docker_executor`"
    ) == executor_config_keys(docker_executor)


def test_container_op_tables_are_complete():
    from dagster_docker import docker_container_op
    from dagster_k8s import k8s_job_op

    assert table_keys("dagster-docker.md", "The configuration keys of `docker_container_op`") == set(
        docker_container_op.config_schema.config_type.fields
    )
    assert table_keys("dagster-k8s.md", "The configuration keys of `k8s_job_op`") == set(
        k8s_job_op.config_schema.config_type.fields
    )
    assert set(k8s_job_op.ins) == {"start_after"} == set(docker_container_op.ins)


def test_docker_run_launcher_refuses_reserved_container_kwargs():
    launcher = DockerRunLauncher(image="my-image:1", network="dagster_network")
    assert launcher.networks == ["dagster_network"]
    for key in ("image", "environment", "network"):
        with pytest.raises(Exception, match=key):
            DockerRunLauncher(container_kwargs={key: "x"})
    with pytest.raises(Exception, match="cannot set both"):
        DockerRunLauncher(network="a", networks=["b"])


# --- dagstermill -------------------------------------------------------------

import dagstermill  # noqa: E402

RUN_NOTEBOOK_JOB = '''
import importlib.util
import os

import dagster as dg
from dagstermill import ConfigurableLocalOutputNotebookIOManager

spec = importlib.util.spec_from_file_location("dagstermill_reference_run", os.environ["G4_EXAMPLE"])
example = importlib.util.module_from_spec(spec)
spec.loader.exec_module(example)


def report_job():
    defs = dg.Definitions(
        assets=[example.orders, example.order_report],
        resources={
            "output_notebook_io_manager": ConfigurableLocalOutputNotebookIOManager(
                base_dir=os.environ["G4_BASE_DIR"]
            )
        },
        jobs=[dg.define_asset_job("report_job")],
    )
    return defs.resolve_job_def("report_job")
'''


def test_dagstermill_asset_definition():
    example = load_example("api/libraries/dagstermill_reference.py")
    asset = example.order_report
    assert asset.key == dg.AssetKey("order_report")
    assert asset.op.tags["dagster/compute_kind"] == "ipynb"
    assert asset.op.tags["notebook_path"].endswith("dagstermill_report.ipynb")
    assert asset.get_io_manager_key_for_asset_key(asset.key) == "output_notebook_io_manager"
    assert asset.group_names_by_key[asset.key] == "reports"


@pytest.mark.slow
def test_dagstermill_asset_runs_notebook(tmp_path, monkeypatch):
    from dagster._core.definitions.reconstruct import ReconstructableJob

    example_file = Path(__file__).resolve().parents[1] / "api/libraries/dagstermill_reference.py"
    monkeypatch.setenv("G4_EXAMPLE", str(example_file))
    monkeypatch.setenv("G4_BASE_DIR", str(tmp_path / "notebooks"))
    (tmp_path / "run_notebook_job.py").write_text(RUN_NOTEBOOK_JOB)
    job = ReconstructableJob.for_file(str(tmp_path / "run_notebook_job.py"), "report_job")
    with dg.instance_for_test() as instance:
        with dg.execute_job(
            job, instance=instance, run_config={"execution": {"config": {"in_process": {}}}}
        ) as result:
            assert result.success
            [observation] = [
                e.event_specific_data.asset_observation
                for e in result.all_events
                if e.event_type_value == "ASSET_OBSERVATION"
            ]
            assert observation.metadata["order_count"].value == 4
            [mat] = result.asset_materializations_for_node("order_report")
            assert "Executed notebook" in mat.metadata
    assert (tmp_path / "notebooks" / "order_report.ipynb").exists()


def test_dagstermill_asset_needs_reconstructable_job(tmp_path):
    example = load_example("api/libraries/dagstermill_reference.py")
    result = dg.materialize(
        [example.orders, example.order_report],
        resources={
            "output_notebook_io_manager": dagstermill.ConfigurableLocalOutputNotebookIOManager(
                base_dir=str(tmp_path)
            )
        },
        raise_on_error=False,
    )
    assert not result.success


def test_dagstermill_helpers_outside_dagster():
    context = dagstermill.get_context(op_config={"threshold": 3})
    assert isinstance(context, dagstermill.DagstermillExecutionContext)
    assert context.op_config == {"threshold": 3}
    assert dagstermill.yield_result(7) == 7
    event = dg.AssetObservation(asset_key="x")
    assert dagstermill.yield_event(event) is event
    with pytest.raises(dagstermill.DagstermillError):
        dagstermill.yield_event("not an event")


def test_dagstermill_op_reserved_tags_and_notebook_output():
    op = dagstermill.define_dagstermill_op(
        "score", "score.ipynb", output_notebook_name="notebook", outs={"score": dg.Out(int)}
    )
    assert set(op.outs) == {"score", "notebook"}
    assert "output_notebook_io_manager" in op.required_resource_keys
    with pytest.raises(Exception, match="reserved"):
        dagstermill.define_dagstermill_op("score", "score.ipynb", tags={"dagster/compute_kind": "x"})


# --- dagster-graphql ---------------------------------------------------------

from gql.transport.transport import Transport  # noqa: E402
from graphql import ExecutionResult  # noqa: E402

from dagster_graphql import (  # noqa: E402
    DagsterGraphQLClient,
    DagsterGraphQLClientError,
    ReloadRepositoryLocationStatus,
)


class FakeDagsterTransport(Transport):
    """Answers the client's operations the way a Dagster webserver would, and records them."""

    def __init__(self, statuses=("STARTED", "SUCCESS"), reload_error=None):
        self.statuses = list(statuses)
        self.reload_error = reload_error
        self.requests = []

    def execute(self, request, *args, **kwargs):
        text = str(request.document.loc.source.body)
        variables = request.variable_values or {}
        self.requests.append((text.split("(")[0].split("{")[0].strip(), variables))
        if "GraphQLClientGetJobNames" in text:
            node = {
                "name": "__repository__",
                "location": {"name": "prices"},
                "pipelines": [{"name": "refresh_prices_job"}],
            }
            return ExecutionResult(
                data={"repositoriesOrError": {"__typename": "RepositoryConnection", "nodes": [node]}}
            )
        if "GraphQLClientSubmitRun" in text:
            return ExecutionResult(
                data={
                    "launchPipelineExecution": {
                        "__typename": "LaunchRunSuccess",
                        "run": {"runId": "run-123"},
                    }
                }
            )
        if "GraphQLClientGetRunStatus" in text:
            status = self.statuses.pop(0) if len(self.statuses) > 1 else self.statuses[0]
            return ExecutionResult(
                data={"pipelineRunOrError": {"__typename": "Run", "status": status}}
            )
        if "GraphQLClientReloadCodeLocation" in text:
            if self.reload_error:
                payload = {"__typename": "RepositoryLocationNotFound", "message": self.reload_error}
            else:
                payload = {
                    "__typename": "WorkspaceLocationEntry",
                    "locationOrLoadError": {"__typename": "RepositoryLocation"},
                }
            return ExecutionResult(data={"reloadRepositoryLocation": payload})
        raise AssertionError(text)


def test_graphql_example_submits_and_waits():
    example = load_example("api/libraries/dagster_graphql_reference.py")
    transport = FakeDagsterTransport(statuses=["QUEUED", "STARTED", "SUCCESS"])
    client = DagsterGraphQLClient("localhost", transport=transport)
    status = example.refresh_and_wait(client, region="us", poll_seconds=0)
    assert status == dg.DagsterRunStatus.SUCCESS
    submit = next(v for name, v in transport.requests if name == "mutation GraphQLClientSubmitRun")
    params = submit["executionParams"]
    assert params["selector"]["repositoryLocationName"] == "prices"  # looked up by job name
    assert params["runConfigData"] == {"ops": {"refresh_prices": {"config": {"region": "us"}}}}
    assert params["executionMetadata"]["tags"] == [{"key": "triggered_by", "value": "price-feed"}]


def test_graphql_example_run_config_matches_the_job():
    example = load_example("api/libraries/dagster_graphql_reference.py")
    result = example.refresh_prices_job.execute_in_process(
        run_config={"ops": {"refresh_prices": {"config": {"region": "us"}}}}
    )
    assert result.success


def test_graphql_reload_reports_failures_in_the_result():
    example = load_example("api/libraries/dagster_graphql_reference.py")
    ok = DagsterGraphQLClient("localhost", transport=FakeDagsterTransport())
    example.reload_code_location(ok, "prices")
    failing = DagsterGraphQLClient("localhost", transport=FakeDagsterTransport(reload_error="gone"))
    info = failing.reload_repository_location("prices")
    assert info.status == ReloadRepositoryLocationStatus.FAILURE
    assert info.failure_type == "RepositoryLocationNotFound"
    with pytest.raises(RuntimeError, match="gone"):
        example.reload_code_location(failing, "prices")


def test_graphql_client_url_and_errors():
    example = load_example("api/libraries/dagster_graphql_reference.py")
    assert example.make_client()._url == "http://localhost:3000/graphql"
    client = DagsterGraphQLClient("example.com", use_https=True, path_prefix="/dagster/")
    assert client._url == "https://example.com/dagster/graphql"
    with pytest.raises(Exception, match="path_prefix"):
        DagsterGraphQLClient("example.com", path_prefix="dagster")
    # Nothing listens on port 9: the client wraps the connection error.
    with pytest.raises(DagsterGraphQLClientError):
        DagsterGraphQLClient("127.0.0.1", port_number=9, timeout=2).get_run_status("x")


# --- dagster-postgres and dagster-mysql ---------------------------------------

import yaml  # noqa: E402
from dagster._config import Shape, process_config  # noqa: E402
from dagster._core.instance.config import dagster_instance_config_schema  # noqa: E402
from dagster._core.storage.config import mysql_config, pg_config  # noqa: E402
from dagster_mysql import MySQLResource  # noqa: E402
from dagster_mysql.utils import mysql_url_from_config  # noqa: E402
from dagster_postgres.utils import pg_url_from_config  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[1] / "api" / "libraries"


def validated_instance_yaml(name: str) -> dict:
    config = yaml.safe_load((EXAMPLES / name).read_text())
    result = process_config(Shape(dagster_instance_config_schema()), config)
    assert result.success, result.errors
    return result.value


def nested_keys(fields) -> set[str]:
    keys = set()
    for name, field in fields.items():
        keys.add(name)
        if name in ("postgres_db", "mysql_db"):
            keys |= set(field.config_type.fields)
    return keys


def test_postgres_yaml_files_are_valid_instance_config(monkeypatch):
    monkeypatch.setenv("DAGSTER_PG_USERNAME", "dagster")
    monkeypatch.setenv("DAGSTER_PG_PASSWORD", "s3cret")
    monkeypatch.setenv("DAGSTER_PG_HOST", "db.internal")
    monkeypatch.setenv("DAGSTER_POSTGRES_URL", "postgresql://u:p@h:5432/d")
    parts = validated_instance_yaml("dagster_postgres_dagster.yaml")["storage"]["postgres"]
    assert pg_url_from_config(parts) == (
        "postgresql://dagster:s3cret@db.internal:5432/dagster?sslmode=require"
    )
    url = validated_instance_yaml("dagster_postgres_url_dagster.yaml")["storage"]["postgres"]
    assert pg_url_from_config(url) == "postgresql://u:p@h:5432/d"
    assert url["should_autocreate_tables"] is False


def test_postgres_key_table_is_complete():
    documented = table_keys("dagster-postgres.md", "The keys under `storage: postgres:`")
    assert documented == nested_keys(pg_config())


def test_mysql_yaml_is_valid_instance_config(monkeypatch):
    monkeypatch.setenv("DAGSTER_MYSQL_USERNAME", "dagster")
    monkeypatch.setenv("DAGSTER_MYSQL_PASSWORD", "p@ss")
    monkeypatch.setenv("DAGSTER_MYSQL_HOST", "mysql.internal")
    config = validated_instance_yaml("dagster_mysql_dagster.yaml")["storage"]["mysql"]
    assert mysql_url_from_config(config) == (
        "mysql+mysqlconnector://dagster:p%40ss@mysql.internal:3306/dagster"
    )


def test_mysql_key_table_is_complete():
    documented = table_keys("dagster-mysql.md", "The keys under `storage: mysql:`")
    assert documented == nested_keys(mysql_config().fields)


class FakeCursor:
    def __init__(self, log):
        self.log = log

    def execute(self, sql):
        self.log.append(sql)

    def fetchone(self):
        return (17,)

    def close(self):
        self.log.append("cursor closed")


class FakeConnection:
    def __init__(self, log):
        self.log = log

    def cursor(self):
        return FakeCursor(self.log)

    def close(self):
        self.log.append("connection closed")


def test_mysql_resource_asset_with_fake_connector(monkeypatch):
    import mysql.connector

    log, connect_kwargs = [], {}

    def fake_connect(**kwargs):
        connect_kwargs.update(kwargs)
        return FakeConnection(log)

    monkeypatch.setattr(mysql.connector, "connect", fake_connect)
    monkeypatch.setenv("MYSQL_HOST", "mysql.internal")
    monkeypatch.setenv("MYSQL_PASSWORD", "s3cret")
    example = load_example("api/libraries/dagster_mysql_reference.py")
    result = dg.materialize(
        [example.active_customer_count],
        resources={"mysql": example.defs.resources["mysql"]},
    )
    assert result.success
    assert result.output_for_node("active_customer_count") == 17
    assert connect_kwargs == {
        "host": "mysql.internal",
        "port": 3306,
        "user": "analytics",
        "password": "s3cret",
        "database": "shop",
        "connection_timeout": 10,
    }
    assert log[-1] == "connection closed"


def test_mysql_resource_leaves_unset_fields_to_the_connector(monkeypatch):
    import mysql.connector

    seen = {}
    monkeypatch.setattr(
        mysql.connector, "connect", lambda **kw: seen.update(kw) or FakeConnection([])
    )
    with MySQLResource(user="reader").get_connection():
        pass
    assert seen == {"user": "reader"}


# --- dagster-celery, dagster-celery-k8s, dagster-celery-docker ----------------

from dagster_celery import celery_executor  # noqa: E402
from dagster_celery_docker import celery_docker_executor  # noqa: E402
from dagster_celery_k8s import celery_k8s_job_executor  # noqa: E402


def test_celery_example_tags_and_executor():
    example = load_example("api/libraries/dagster_celery_reference.py")
    job = example.train_job
    assert job.executor_def.name == "celery"
    tags = job.graph.node_named("train_model").definition.tags
    assert tags["dagster-celery/queue"] == "gpu"
    assert tags["dagster-celery/priority"] == "8"
    assert job.tags["dagster-celery/run_priority"] == "2"
    assert job.execute_in_process().success


def test_celery_worker_yaml_is_valid_executor_config(monkeypatch):
    from dagster_celery.cli import get_validated_config

    monkeypatch.setenv("CELERY_BROKER_URL", "redis://redis:6379/0")
    config = get_validated_config(str(EXAMPLES / "dagster_celery_worker.yaml"))
    assert config["broker"] == "redis://redis:6379/0"
    assert config["include"] == ["my_project.definitions"]


def test_celery_tables_are_complete():
    assert table_keys(
        "dagster-celery.md", "The configuration keys of `celery_executor`"
    ) == executor_config_keys(celery_executor)
    assert table_keys(
        "dagster-celery-k8s.md", "The configuration keys of `celery_k8s_job_executor`"
    ) == executor_config_keys(celery_k8s_job_executor)
    fields = celery_docker_executor.config_schema.config_type.fields
    expected = set(fields) | {f"docker.{k}" for k in fields["docker"].config_type.fields}
    assert table_keys(
        "dagster-celery-docker.md", "The configuration keys of `celery_docker_executor`"
    ) == expected


def test_celery_docker_example_runs_in_process():
    example = load_example("api/libraries/dagster_celery_docker_reference.py")
    assert example.convert_job.executor_def.name == "celery-docker"
    assert example.convert_job.execute_in_process().output_for_node("convert") == 2


# --- dagster-dask --------------------------------------------------------------

from dagster_dask import DataFrame, dask_executor, dask_resource  # noqa: E402


def test_dask_executor_job_loads_dataframe_from_config(tmp_path):
    example = load_example("api/libraries/dagster_dask_reference.py")
    (tmp_path / "orders.csv").write_text("id,amount\n1,10\n2,20\n3,5\n")
    job = example.order_job
    assert job.executor_def.name == "dask"
    result = job.execute_in_process(
        run_config={
            "ops": {
                "count_orders": {
                    "inputs": {"orders": {"read": {"csv": {"path": str(tmp_path / "orders.csv")}}}}
                }
            }
        }
    )
    assert result.output_for_node("report") == "3 orders"
    tag = json.loads(job.graph.node_named("report").definition.tags["dagster-dask/resource_requirements"])
    assert tag == {"GPU": 1}


@pytest.mark.slow
def test_dask_resource_gives_a_client():
    example = load_example("api/libraries/dagster_dask_reference.py")
    local = dask_resource.configured({"cluster": {"local": {"n_workers": 1, "processes": False}}})
    result = dg.materialize([example.squares], resources={"dask": local})
    assert result.output_for_node("squares") == [0, 1, 4, 9, 16, 25]


def test_dask_executor_needs_one_cluster_type():
    from dagster._config import process_config

    config_type = dask_executor.config_schema.config_type
    assert not process_config(config_type, {}).success
    assert not process_config(config_type, {"cluster": {}}).success
    assert process_config(config_type, {"cluster": {"local": {}}}).success


def test_dask_tables_are_complete():
    cluster = dask_executor.config_schema.config_type.fields["cluster"].config_type.fields
    assert table_keys("dagster-dask.md", "The cluster types of `dask_executor`") == set(cluster)
    resource_fields = dask_resource.config_schema.config_type.fields
    assert table_keys("dagster-dask.md", "The keys of `client`") == set(
        resource_fields["client"].config_type.fields
    )
    assert table_keys("dagster-dask.md", "The cluster types of `cluster`") == set(
        resource_fields["cluster"].config_type.fields
    )
    read = DataFrame.loader.schema_type.fields["read"].config_type.fields
    assert table_keys("dagster-dask.md", "The formats under `read`") == set(read)
    utilities = set(DataFrame.loader.schema_type.fields) - {"read"}
    text = (DOCS / "dagster-dask.md").read_text()
    assert all(f"`{name}`" in text for name in utilities)


def test_k8s_job_op_security_context_is_in_the_schema_but_not_accepted():
    # The page warns that this key makes the step fail: the op passes its config as keyword
    # arguments to execute_k8s_job, which takes no security_context and no **kwargs.
    import inspect

    import dagster_k8s

    assert "security_context" in dagster_k8s.k8s_job_op.config_schema.config_type.fields
    params = inspect.signature(dagster_k8s.execute_k8s_job).parameters
    assert "security_context" not in params
    assert all(p.kind is not p.VAR_KEYWORD for p in params.values())
