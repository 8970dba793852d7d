"""The dbt integration examples (site/examples/integrations/dbt/) run for real.

Every test works on a temporary copy of the examples folder, so dbt's
target/ and logs/ folders and the DuckDB database never land in the repo.
dbt runs as a subprocess; the virtualenv's scripts folder is put on PATH so
that `dbt` resolves even when the virtualenv is not activated.

Most modules here are flagged `no-import` for the generic load test because
they need `dbt` on PATH; `test_generic_loader_accepts_dbt_examples` runs the
same loader checks on them with PATH set.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any, ClassVar

import dagster as dg
import duckdb
import pytest
from dagster_dbt import DbtCliResource, DbtCloudWorkspace, build_dbt_asset_selection
from dagster_dbt.cli.app import project_prepare_and_package_command
from dagster_dbt.cloud_v2.client import DbtCloudWorkspaceClient
from pydantic import PrivateAttr

from example_loader import EXAMPLES_ROOT, check_example, load_example

DBT_DIR = "integrations/dbt"
VENV_BIN = str(Path(sys.executable).parent)

# Every dbt test in the jaffle_duckdb project, as (asset, check name).
ALL_DBT_CHECKS = {
    ("stg_customers", "unique_stg_customers_customer_id"),
    ("stg_customers", "not_null_stg_customers_customer_id"),
    ("stg_orders", "unique_stg_orders_order_id"),
    ("stg_orders", "not_null_stg_orders_order_id"),
    ("stg_orders", "accepted_values_stg_orders_status__placed__shipped__completed__returned"),
    ("customers", "unique_customers_customer_id"),
    ("customers", "not_null_customers_customer_id"),
}


@pytest.fixture(scope="module")
def examples_copy(tmp_path_factory):
    """A copy of site/examples/integrations/dbt with its manifest built.

    Loading jaffle_dagster/project.py (outside `dagster dev`) builds the
    missing manifest: that is the behaviour the pages describe.
    """
    root = tmp_path_factory.mktemp("examples")
    shutil.copytree(
        EXAMPLES_ROOT / DBT_DIR,
        root / DBT_DIR,
        ignore=shutil.ignore_patterns(
            "target", "logs", "dbt-project", "*.duckdb", "*.duckdb.wal", "__pycache__"
        ),
    )
    manifest = root / DBT_DIR / "jaffle_duckdb" / "target" / "manifest.json"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PATH", VENV_BIN + os.pathsep + os.environ.get("PATH", ""))
        # The DuckDB file name becomes the database name in the manifest.
        mp.setenv("JAFFLE_DUCKDB_PATH", str(root / "jaffle.duckdb"))
        mp.delenv("DAGSTER_IS_DEV_CLI", raising=False)
        assert not manifest.exists()
        project = load_example(f"{DBT_DIR}/jaffle_dagster/project.py", root=root)
        assert manifest.exists()
        assert project.jaffle_project.manifest_path == manifest
        yield root


@pytest.fixture
def duckdb_path(examples_copy, tmp_path, monkeypatch):
    """A fresh DuckDB file for one test, shared by dbt and the Python assets."""
    path = tmp_path / "jaffle.duckdb"
    monkeypatch.setenv("JAFFLE_DUCKDB_PATH", str(path))
    monkeypatch.setenv("PATH", VENV_BIN + os.pathsep + os.environ.get("PATH", ""))
    return path


def load(examples_copy: Path, relpath: str):
    return load_example(f"{DBT_DIR}/{relpath}", root=examples_copy)


def query(path: Path, sql: str) -> list[tuple]:
    with duckdb.connect(str(path), read_only=True) as conn:
        return conn.execute(sql).fetchall()


def check_results(result: dg.ExecuteInProcessResult) -> dict[tuple[str, str], bool]:
    return {
        (e.asset_key.to_user_string(), e.check_name): e.passed
        for e in result.get_asset_check_evaluations()
    }


# --- the generic loader, with dbt on PATH -----------------------------------


@pytest.mark.parametrize(
    "relpath",
    [
        "jaffle_dagster/project.py",
        "jaffle_dagster/assets.py",
        "jaffle_dagster/schedules.py",
        "jaffle_dagster/definitions.py",
        "transform_dbt.py",
        "custom_translator.py",
        "dagster_plus/project.py",
        "dbt_cloud/workspace.py",
    ],
)
def test_generic_loader_accepts_dbt_examples(examples_copy, duckdb_path, relpath):
    check_example(examples_copy / DBT_DIR / relpath, root=examples_copy)


# --- the tutorial project: jaffle_dagster ------------------------------------


def test_asset_graph(examples_copy, duckdb_path):
    module = load(examples_copy, "jaffle_dagster/definitions.py")
    graph = module.defs.resolve_asset_graph()
    keys = {k.to_user_string() for k in graph.get_all_asset_keys()}
    assert keys == {
        "jaffle_shop/raw_orders",
        "raw_customers",
        "countries",
        "stg_customers",
        "stg_orders",
        "customers",
        "customer_summary",
    }
    # The dbt source maps onto the Python asset, and the report follows the mart.
    assert dg.AssetKey(["jaffle_shop", "raw_orders"]) in graph.get(dg.AssetKey("stg_orders")).parent_keys
    assert graph.get(dg.AssetKey("customer_summary")).parent_keys == {dg.AssetKey("customers")}
    checks = {(k.asset_key.to_user_string(), k.name) for k in graph.asset_check_keys}
    assert checks == ALL_DBT_CHECKS


def test_intermediate_tutorial_definitions_load(examples_copy, duckdb_path):
    """The definitions.py versions shown inline on the load-dbt-models and
    upstream-assets pages, before the final one, load too."""
    from dagster_duckdb import DuckDBResource

    module = load(examples_copy, "jaffle_dagster/definitions.py")
    step_two = dg.Definitions(
        assets=[module.jaffle_dbt_assets],
        resources={"dbt": DbtCliResource(project_dir=module.jaffle_project)},
    )
    dg.Definitions.validate_loadable(step_two)
    step_three = dg.Definitions(
        assets=[module.raw_orders, module.jaffle_dbt_assets],
        resources={
            "dbt": DbtCliResource(project_dir=module.jaffle_project),
            "duckdb": DuckDBResource(database=module.DUCKDB_PATH),
        },
    )
    dg.Definitions.validate_loadable(step_three)
    graph = step_three.resolve_asset_graph()
    assert dg.AssetKey(["jaffle_shop", "raw_orders"]) in graph.materializable_asset_keys


@pytest.mark.slow
def test_pipeline_materializes_with_dbt_tests_as_checks(examples_copy, duckdb_path):
    module = load(examples_copy, "jaffle_dagster/definitions.py")
    result = dg.materialize(
        [module.raw_orders, module.jaffle_dbt_assets, module.customer_summary],
        resources=module.defs.resources,
    )
    assert result.success

    materialized = {e.asset_key.to_user_string() for e in result.get_asset_materialization_events()}
    assert materialized == {
        "jaffle_shop/raw_orders",
        "raw_customers",
        "countries",
        "stg_customers",
        "stg_orders",
        "customers",
        "customer_summary",
    }

    assert query(duckdb_path, "select count(*) from raw.raw_orders") == [(8,)]
    assert query(duckdb_path, "select count(*) from stg_orders") == [(8,)]
    assert query(
        duckdb_path, "select customer_id, order_count, lifetime_value from customers order by 1"
    ) == [
        (1, 2, pytest.approx(40.5)),
        (2, 0, 0),
        (3, 2, pytest.approx(43.25)),
        (4, 1, pytest.approx(15.5)),
        (5, 0, 0),
    ]

    # Every dbt test ran as an asset check, and passed.
    assert check_results(result) == {check: True for check in ALL_DBT_CHECKS}

    summary = result.asset_materializations_for_node("customer_summary")[0]
    assert summary.metadata["dagster/row_count"].value == 5
    assert "Turkey" in summary.metadata["by_country"].value


@pytest.mark.slow
def test_failing_dbt_test_fails_its_asset_check(examples_copy, duckdb_path):
    module = load(examples_copy, "jaffle_dagster/definitions.py")
    # Raw data with a status that the accepted_values test rejects.
    with duckdb.connect(str(duckdb_path)) as conn:
        conn.execute("create schema raw")
        conn.execute(
            "create table raw.raw_orders as select 1 as order_id, 1 as customer_id,"
            " date '2024-01-01' as order_date, 'lost' as status, 5.0 as amount"
        )
    result = dg.materialize(
        [module.jaffle_dbt_assets],
        resources=module.defs.resources,
        raise_on_error=False,
    )
    assert not result.success  # dbt build exits non-zero
    checks = check_results(result)
    assert checks[("stg_orders", "accepted_values_stg_orders_status__placed__shipped__completed__returned")] is False
    assert checks[("stg_orders", "unique_stg_orders_order_id")] is True
    # dbt build skips what depends on the failed test.
    materialized = {e.asset_key.to_user_string() for e in result.get_asset_materialization_events()}
    assert "stg_orders" in materialized
    assert "customers" not in materialized


def test_pipeline_schedule(examples_copy, duckdb_path):
    module = load(examples_copy, "jaffle_dagster/definitions.py")
    schedule = module.defs.resolve_schedule_def("jaffle_pipeline_schedule")
    assert schedule.cron_schedule == "0 6 * * *"
    job = module.defs.resolve_job_def("jaffle_pipeline")
    assert len(job.asset_layer.selected_asset_keys) == 7
    with dg.build_schedule_context() as context:
        data = schedule.evaluate_tick(context)
    assert len(data.run_requests) == 1


# --- transform_dbt.py ---------------------------------------------------------


@pytest.mark.slow
def test_transform_full_refresh_with_row_counts(examples_copy, duckdb_path):
    module = load(examples_copy, "transform_dbt.py")
    result = dg.materialize(
        [module.raw_orders, module.jaffle_dbt_models],
        resources=module.defs.resources,
        run_config=dg.RunConfig(ops={"jaffle_dbt_models": module.DbtBuildConfig(full_refresh=True)}),
    )
    assert result.success
    customers = result.asset_materializations_for_node("jaffle_dbt_models")
    by_key = {m.asset_key.to_user_string(): m.metadata for m in customers}
    assert by_key["customers"]["dagster/row_count"].value == 5
    assert by_key["raw_customers"]["dagster/row_count"].value == 5


def test_transform_schedules_select_dbt_models(examples_copy, duckdb_path):
    module = load(examples_copy, "transform_dbt.py")
    graph = module.defs.resolve_asset_graph()
    marts = build_dbt_asset_selection([module.jaffle_dbt_models], dbt_select="path:models/marts")
    assert marts.resolve(graph) == {dg.AssetKey("customers")}

    hourly = module.defs.resolve_schedule_def("refresh_marts_schedule")
    assert hourly.cron_schedule == "0 * * * *"
    assert module.defs.resolve_job_def("refresh_marts").asset_layer.selected_asset_keys == {
        dg.AssetKey("customers")
    }
    weekly = module.defs.resolve_job_def("full_refresh_all_models")
    assert len(weekly.asset_layer.selected_asset_keys) == 5
    # The schedule's job carries the run config that turns on --full-refresh.
    config = module.weekly_full_refresh_schedule.job.config
    assert config["ops"]["jaffle_dbt_models"]["config"] == {"full_refresh": True}


# --- custom_translator.py -----------------------------------------------------


def test_custom_translator_shapes_the_specs(examples_copy, duckdb_path):
    module = load(examples_copy, "custom_translator.py")
    specs = {s.key.to_user_string(): s for s in module.jaffle_dbt_assets.specs}
    assert set(specs) == {
        "warehouse/raw_customers",
        "warehouse/countries",
        "warehouse/stg_customers",
        "warehouse/stg_orders",
        "warehouse/customers",
    }
    assert specs["warehouse/customers"].group_name == "dbt_marts"
    assert specs["warehouse/stg_orders"].group_name == "dbt_staging"
    assert specs["warehouse/countries"].group_name == "dbt_seeds"
    assert specs["warehouse/customers"].owners == ["team:analytics"]
    assert specs["warehouse/customers"].tags["layer"] == "marts"
    assert specs["warehouse/customers"].automation_condition is not None
    assert specs["warehouse/stg_orders"].automation_condition is None
    # The source keeps its default key, which the upstream asset looks up.
    assert module.raw_orders.key == dg.AssetKey(["jaffle_shop", "raw_orders"])
    assert dg.AssetKey(["jaffle_shop", "raw_orders"]) in {
        d.asset_key for d in specs["warehouse/stg_orders"].deps
    }
    assert {d.asset_key for d in module.customer_count.specs_by_key[
        dg.AssetKey("customer_count")].deps} == {dg.AssetKey(["warehouse", "customers"])}
    assert "dagster/code_references" in specs["warehouse/customers"].metadata


# --- dagster_plus/project.py: prepare-and-package -----------------------------


@pytest.mark.slow
def test_prepare_and_package_fills_the_packaged_project(examples_copy, duckdb_path):
    project_file = examples_copy / DBT_DIR / "dagster_plus" / "project.py"
    packaged = project_file.parent / "dbt-project"
    # What `dagster-dbt project prepare-and-package --file <project_file>` runs,
    # called in-process to spare the start-up of a second interpreter.
    project_prepare_and_package_command(file=project_file)
    try:
        assert (packaged / "dbt_project.yml").exists()
        assert (packaged / "target" / "manifest.json").exists()
        # Outside `dagster dev`, the project now points at the packaged copy.
        module = load(examples_copy, "dagster_plus/project.py")
        assert module.jaffle_project.project_dir == packaged
        assert module.jaffle_project.manifest_path.exists()
    finally:
        shutil.rmtree(packaged, ignore_errors=True)


# --- dbt_cloud/: against a fake dbt Cloud API -------------------------------


class FakeDbtCloudClient(DbtCloudWorkspaceClient):
    """Answers the dbt Cloud API calls that DbtCloudWorkspace makes.

    The manifest and run results it returns were produced by running the
    jaffle_duckdb project with dbt Core, so their shapes are real.
    """

    _manifest: dict = PrivateAttr()
    _run_results: dict = PrivateAttr()
    _jobs: list = PrivateAttr(default_factory=list)
    _triggered: list = PrivateAttr(default_factory=list)

    SUCCESS: ClassVar[int] = 10  # dbt Cloud's status code for a successful run

    def __init__(self, manifest: dict[str, Any], run_results: dict[str, Any]):
        super().__init__(
            account_id=1,
            token="fake-token",
            access_url="https://example.test",
            request_max_retries=0,
            request_retry_delay=0,
            request_timeout=1,
        )
        self._manifest = manifest
        self._run_results = run_results

    @property
    def jobs(self) -> list[dict[str, Any]]:
        return self._jobs

    @property
    def triggered(self) -> list[list[str]]:
        return self._triggered

    def list_jobs(self, project_id, environment_id):
        return list(self._jobs)

    def create_job(self, *, project_id, environment_id, job_name, description=None):
        job = {
            "id": 500 + len(self._jobs),
            "name": job_name,
            "project_id": project_id,
            "environment_id": environment_id,
        }
        self._jobs.append(job)
        return job

    def trigger_job_run(self, job_id, steps_override=None):
        self._triggered.append(list(steps_override or []))
        return self.get_run_details(len(self._triggered))

    def get_run_details(self, run_id, include_related=None):
        return {"id": run_id, "status": self.SUCCESS, "href": f"https://example.test/runs/{run_id}"}

    def poll_run(self, run_id, poll_interval=None, poll_timeout=None):
        return self.get_run_details(run_id)

    def get_run_manifest_json(self, run_id):
        return self._manifest

    def list_run_artifacts(self, run_id):
        return ["manifest.json", "run_results.json"]

    def get_run_results_json(self, run_id):
        results = json.loads(json.dumps(self._run_results))
        results["metadata"].setdefault("env", {})["DBT_CLOUD_RUN_ID"] = str(run_id)
        return results

    def get_run_logs(self, run_id):
        return ""

    def get_runs_batch(self, project_id, environment_id, finished_at_lower_bound,
                       finished_at_upper_bound, offset=0, limit=100):
        # One finished run of a job that someone scheduled in dbt Cloud, plus
        # the runs Dagster triggered itself (which the sensor must skip).
        runs = [
            {"id": 900, "job_definition_id": 42, "status": self.SUCCESS},
            *({"id": i + 1, "job_definition_id": 500, "status": self.SUCCESS}
              for i in range(len(self._triggered))),
        ]
        return runs[offset:], len(runs)


@pytest.fixture(scope="module")
def dbt_build_artifacts(examples_copy):
    """The manifest and run_results.json of a real `dbt build` of jaffle_duckdb."""
    tutorial = load(examples_copy, "jaffle_dagster/definitions.py")
    assert dg.materialize([tutorial.raw_orders], resources=tutorial.defs.resources).success
    project = tutorial.jaffle_project
    invocation = DbtCliResource(project_dir=project).cli(
        ["build"], target_path=Path("target") / "fake_cloud_run"
    ).wait()
    return (
        json.loads(project.manifest_path.read_text()),
        invocation.get_artifact("run_results.json"),
    )


@pytest.fixture
def fake_dbt_cloud(dbt_build_artifacts, monkeypatch):
    """Every DbtCloudWorkspace talks to a FakeDbtCloudClient during the test."""
    manifest, run_results = dbt_build_artifacts
    client = FakeDbtCloudClient(manifest=manifest, run_results=run_results)
    monkeypatch.setattr(DbtCloudWorkspace, "get_client", lambda self: client)
    monkeypatch.setenv("DBT_CLOUD_PROJECT_ID", "11")
    monkeypatch.setenv("DBT_CLOUD_ENVIRONMENT_ID", "22")
    return client


def test_dbt_cloud_workspace_imports_without_credentials(examples_copy):
    module = load(examples_copy, "dbt_cloud/workspace.py")
    assert module.dbt_cloud_credentials.access_url == "https://cloud.getdbt.com"
    assert isinstance(module.dbt_cloud_workspace, DbtCloudWorkspace)


@pytest.mark.slow
def test_dbt_cloud_assets_against_a_fake_workspace(examples_copy, fake_dbt_cloud):
    module = load(examples_copy, "dbt_cloud/definitions.py")
    # Loading parsed the project in a Dagster ad hoc job.
    assert fake_dbt_cloud.triggered == [["dbt parse"]]
    assert [job["name"] for job in fake_dbt_cloud.jobs] == ["DAGSTER_ADHOC_JOB__11__22"]

    keys = {k.to_user_string() for k in module.jaffle_dbt_cloud_assets.keys}
    assert keys == {"raw_customers", "countries", "stg_customers", "stg_orders", "customers"}
    assert module.dbt_cloud_polling_sensor.name
    dg.Definitions.validate_loadable(module.defs)

    result = dg.materialize(
        [module.jaffle_dbt_cloud_assets], resources={"dbt_cloud": module.dbt_cloud_workspace}
    )
    assert result.success
    assert fake_dbt_cloud.triggered[-1][0].startswith("dbt build")
    materialized = {e.asset_key.to_user_string() for e in result.get_asset_materialization_events()}
    assert materialized == keys
    assert check_results(result) == {check: True for check in ALL_DBT_CHECKS}


@pytest.mark.slow
def test_dbt_cloud_polling_sensor_records_other_runs(examples_copy, fake_dbt_cloud):
    module = load(examples_copy, "dbt_cloud/definitions.py")
    context = dg.build_sensor_context(definitions=module.defs)
    result = module.dbt_cloud_polling_sensor(context)
    # Only run 900, from a dbt Cloud job, becomes materializations: the parse
    # run that Dagster triggered while loading is skipped.
    keys = {e.asset_key.to_user_string() for e in result.asset_events}
    assert keys == {"raw_customers", "countries", "stg_customers", "stg_orders", "customers"}
    assert all(e.metadata["run_url"].value.endswith("/runs/900") for e in result.asset_events)
