"""Tests for the quickstart and the ETL pipeline tutorial examples."""

import csv
import datetime
import importlib
import importlib.util
import json
import sys
from pathlib import Path

import dagster as dg
import duckdb
import pytest
from dagster_duckdb import DuckDBResource

EXAMPLES_DIR = Path(__file__).resolve().parent.parent
ETL_DIR = EXAMPLES_DIR / "etl_tutorial"
STEP_FILES = [
    "step_1_ingest.py",
    "step_2_downstream.py",
    "step_3_asset_checks.py",
    "step_4_partitions.py",
    "step_5_automation.py",
    "step_6_sensor.py",
]
UNPARTITIONED = ["raw_customers", "raw_products", "raw_orders", "orders_enriched"]


def load_file(relpath: str):
    """Import an example file by its path relative to site/examples/."""
    try:
        from example_loader import load_example
    except ImportError:  # the shared loader is optional for this file
        path = EXAMPLES_DIR / relpath
        name = "docs_example_" + relpath.replace("/", "_").removesuffix(".py")
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    return load_example(relpath)


@pytest.fixture(scope="module")
def project():
    """The refactored project from the last tutorial step, imported as a package."""
    sys.path.insert(0, str(ETL_DIR))
    try:
        yield importlib.import_module("etl_project.definitions")
    finally:
        sys.path.remove(str(ETL_DIR))
        for name in [n for n in sys.modules if n == "etl_project" or n.startswith("etl_project.")]:
            del sys.modules[name]


def read_csv(name: str) -> list[dict[str, str]]:
    with (ETL_DIR / "data" / f"{name}.csv").open() as handle:
        return list(csv.DictReader(handle))


def expected_order_amounts() -> list[tuple[str, str, float]]:
    """(order_date, category, amount) for every order, computed without DuckDB."""
    products = {row["product_id"]: row for row in read_csv("raw_products")}
    return [
        (
            order["order_date"],
            products[order["product_id"]]["category"],
            int(order["quantity"]) * float(products[order["product_id"]]["price"]),
        )
        for order in read_csv("raw_orders")
    ]


def query(db_path: Path, sql: str, params=None):
    with duckdb.connect(str(db_path), read_only=True) as conn:
        return conn.execute(sql, params or []).fetchall()


# --- Quickstart -----------------------------------------------------------------


def test_quickstart_materializes():
    quickstart = load_file("getting_started/quickstart.py")
    result = dg.materialize([quickstart.orders, quickstart.revenue_by_region])
    assert result.success
    totals = result.output_for_node("revenue_by_region")
    assert totals == {"north": 162.75, "south": 93.75, "east": 374.1, "west": 99.99}
    metadata = result.asset_materializations_for_node("revenue_by_region")[0].metadata
    assert metadata["regions"].value == 4
    assert quickstart.defs.get_repository_def().asset_graph.get_all_asset_keys() == {
        dg.AssetKey("orders"),
        dg.AssetKey("revenue_by_region"),
    }


# --- Sample data ----------------------------------------------------------------


def test_generated_data_matches_shipped_files(tmp_path):
    generator = load_file("etl_tutorial/generate_data.py")
    generator.generate(tmp_path)
    for name in ("raw_customers", "raw_products", "raw_orders"):
        shipped = (ETL_DIR / "data" / f"{name}.csv").read_text()
        assert (tmp_path / f"{name}.csv").read_text() == shipped, name


def test_sample_orders_cover_six_months():
    months = {row["order_date"][:7] for row in read_csv("raw_orders")}
    assert months == {f"2024-0{m}" for m in range(1, 7)}


# --- Every tutorial step ----------------------------------------------------------


@pytest.mark.parametrize("step_file", STEP_FILES)
def test_step_loads_and_materializes(step_file, tmp_path):
    step = load_file(f"etl_tutorial/{step_file}")
    repo = step.defs.get_repository_def()
    keys = {key.to_user_string() for key in repo.asset_graph.get_all_asset_keys()}
    assert {"raw_customers", "raw_products", "raw_orders"} <= keys

    db_path = tmp_path / "step.duckdb"
    selected = [getattr(step, name) for name in UNPARTITIONED if hasattr(step, name)]
    checks = [
        getattr(step, name)
        for name in ("raw_orders_have_positive_quantities", "orders_enriched_has_no_orphans")
        if hasattr(step, name)
    ]
    result = dg.materialize(
        selected + checks, resources={"duckdb": DuckDBResource(database=str(db_path))}
    )
    assert result.success
    assert all(evaluation.passed for evaluation in result.get_asset_check_evaluations())
    assert len(result.get_asset_check_evaluations()) == len(checks)
    assert query(db_path, "SELECT count(*) FROM raw_orders")[0][0] == 150


# --- The finished project, end to end ----------------------------------------------


def test_project_end_to_end(project, tmp_path):
    assets = project.assets
    db_path = tmp_path / "etl.duckdb"
    resources = {"duckdb": DuckDBResource(database=str(db_path))}

    result = dg.materialize(
        [
            assets.raw_customers,
            assets.raw_products,
            assets.raw_orders,
            assets.orders_enriched,
            assets.raw_orders_have_positive_quantities,
            assets.orders_enriched_has_no_orphans,
        ],
        resources=resources,
    )
    assert result.success
    evaluations = result.get_asset_check_evaluations()
    assert {e.check_name for e in evaluations} == {
        "raw_orders_have_positive_quantities",
        "orders_enriched_has_no_orphans",
    }
    assert all(e.passed for e in evaluations)

    orders = expected_order_amounts()
    row_count, revenue = query(db_path, "SELECT count(*), sum(amount) FROM orders_enriched")[0]
    assert row_count == len(orders)
    assert revenue == pytest.approx(sum(amount for _, _, amount in orders))

    # One monthly partition: March 2024.
    result = dg.materialize(
        [assets.monthly_sales], partition_key="2024-03-01", resources=resources
    )
    assert result.success
    march = {
        category: revenue
        for category, revenue in query(
            db_path,
            "SELECT category, revenue FROM monthly_sales WHERE month = DATE '2024-03-01'",
        )
    }
    expected_march: dict[str, float] = {}
    for order_date, category, amount in orders:
        if order_date.startswith("2024-03"):
            expected_march[category] = expected_march.get(category, 0.0) + amount
    assert march.keys() == expected_march.keys()
    for category, total in expected_march.items():
        assert march[category] == pytest.approx(total, abs=0.01)

    # Re-running the partition replaces its rows instead of duplicating them.
    dg.materialize([assets.monthly_sales], partition_key="2024-03-01", resources=resources)
    assert query(db_path, "SELECT count(*) FROM monthly_sales")[0][0] == len(expected_march)

    # One static partition: the "home" category.
    result = dg.materialize(
        [assets.category_sales], partition_key="home", resources=resources
    )
    assert result.success
    rows = query(db_path, "SELECT DISTINCT category FROM category_sales")
    assert rows == [("home",)]
    home_revenue = query(db_path, "SELECT sum(revenue) FROM category_sales")[0][0]
    expected_home = sum(amount for _, category, amount in orders if category == "home")
    assert home_revenue == pytest.approx(expected_home, abs=0.05)


def test_orphan_check_fails_and_blocks(project, tmp_path):
    """Orders that point at an unknown customer make the blocking check fail."""
    assets = project.assets
    db_path = tmp_path / "etl.duckdb"
    resources = {"duckdb": DuckDBResource(database=str(db_path))}
    dg.materialize(
        [assets.raw_customers, assets.raw_products, assets.raw_orders], resources=resources
    )
    with duckdb.connect(str(db_path)) as conn:
        conn.execute("DELETE FROM raw_customers WHERE customer_id = 1")

    result = dg.materialize(
        [assets.orders_enriched, assets.orders_enriched_has_no_orphans],
        resources=resources,
        raise_on_error=False,
    )
    evaluations = result.get_asset_check_evaluations()
    assert len(evaluations) == 1
    assert not evaluations[0].passed
    assert evaluations[0].metadata["orphaned_orders"].value > 0


def test_partitions_definitions(project):
    assets = project.assets
    assert assets.category_partition.get_partition_keys() == ["electronics", "home", "outdoors"]
    monthly_keys = assets.monthly_partition.get_partition_keys(
        current_time=datetime.datetime(2024, 7, 15, tzinfo=datetime.timezone.utc)
    )
    assert monthly_keys == [f"2024-0{m}-01" for m in range(1, 7)]


# --- Schedules ---------------------------------------------------------------------


def test_monthly_schedule_requests_previous_month(project):
    defs = project.defs
    schedule = defs.resolve_schedule_def("monthly_sales_schedule")
    context = dg.build_schedule_context(
        scheduled_execution_time=datetime.datetime(2024, 4, 1, tzinfo=datetime.timezone.utc),
        repository_def=defs.get_repository_def(),
    )
    run_requests = schedule.evaluate_tick(context).run_requests
    assert len(run_requests) == 1
    assert run_requests[0].partition_key == "2024-03-01"
    assert schedule.cron_schedule == "0 0 1 * *"


def test_daily_ingest_schedule(project):
    defs = project.defs
    schedule = defs.resolve_schedule_def("daily_ingest_schedule")
    assert schedule.cron_schedule == "0 6 * * *"
    assert schedule.job_name == "ingest_job"
    context = dg.build_schedule_context(
        scheduled_execution_time=datetime.datetime(2024, 4, 2, 6, tzinfo=datetime.timezone.utc)
    )
    run_requests = schedule.evaluate_tick(context).run_requests
    assert len(run_requests) == 1
    job = defs.resolve_job_def("ingest_job")
    assert {key.to_user_string() for key in job.asset_layer.executable_asset_keys} == {
        "raw_customers",
        "raw_products",
        "raw_orders",
    }


# --- Declarative automation --------------------------------------------------------


def test_eager_assets_follow_their_parents(project, tmp_path):
    defs = project.defs
    assets = project.assets
    instance = dg.DagsterInstance.ephemeral()

    first = dg.evaluate_automation_conditions(defs=defs, instance=instance)
    assert first.total_requested == 0  # the raw tables do not exist yet

    dg.materialize(
        [assets.raw_customers, assets.raw_products, assets.raw_orders],
        instance=instance,
        resources={"duckdb": DuckDBResource(database=str(tmp_path / "auto.duckdb"))},
    )
    second = dg.evaluate_automation_conditions(
        defs=defs, instance=instance, cursor=first.cursor
    )
    assert second.get_num_requested(dg.AssetKey("orders_enriched")) == 1
    assert second.get_num_requested(dg.AssetKey("monthly_sales")) == 0
    # category_sales waits until orders_enriched has been materialized.
    assert second.get_num_requested(dg.AssetKey("category_sales")) == 0


# --- Sensor ------------------------------------------------------------------------


def test_sensor_skips_without_requests(project, tmp_path):
    sensor = project.defs.resolve_sensor_def("adhoc_request_sensor")
    RequestFolder = importlib.import_module("etl_project.resources").RequestFolder
    context = dg.build_sensor_context(
        resources={"request_folder": RequestFolder(path=str(tmp_path / "missing"))}
    )
    result = sensor(context)
    assert isinstance(result, dg.SkipReason)


def test_sensor_turns_request_files_into_runs(project, tmp_path):
    resources_module = importlib.import_module("etl_project.resources")
    assets = project.assets
    request_dir = tmp_path / "requests"
    request_dir.mkdir()
    (request_dir / "home_q1.json").write_text(
        json.dumps({"category": "home", "start_date": "2024-01-01", "end_date": "2024-03-31"})
    )
    (request_dir / "notes.txt").write_text("not a request")

    sensor = project.defs.resolve_sensor_def("adhoc_request_sensor")
    context = dg.build_sensor_context(
        resources={"request_folder": resources_module.RequestFolder(path=str(request_dir))}
    )
    result = sensor(context)
    assert isinstance(result, dg.SensorResult)
    assert len(result.run_requests) == 1
    run_request = result.run_requests[0]
    assert run_request.run_key.startswith("home_q1.json:")
    op_config = run_request.run_config["ops"]["adhoc_request"]["config"]
    assert op_config == {
        "request_file": "home_q1.json",
        "category": "home",
        "start_date": "2024-01-01",
        "end_date": "2024-03-31",
    }

    # The run config the sensor produced is valid for the job and materializes the asset.
    job = project.defs.resolve_job_def("adhoc_request_job")
    assert job.name == sensor.job_name
    db_path = tmp_path / "etl.duckdb"
    resources = {"duckdb": DuckDBResource(database=str(db_path))}
    dg.materialize(
        [assets.raw_customers, assets.raw_products, assets.raw_orders, assets.orders_enriched],
        resources=resources,
    )
    result = dg.materialize(
        [assets.adhoc_request], run_config=run_request.run_config, resources=resources
    )
    assert result.success
    expected = [
        amount
        for order_date, category, amount in expected_order_amounts()
        if category == "home" and "2024-01-01" <= order_date <= "2024-03-31"
    ]
    row_count, revenue = query(db_path, "SELECT count(*), sum(amount) FROM adhoc_request")[0]
    assert row_count == len(expected)
    assert revenue == pytest.approx(sum(expected), abs=0.01)


def test_step_6_sensor_matches_project(tmp_path):
    """The single-file version of the sensor behaves like the packaged one."""
    step = load_file("etl_tutorial/step_6_sensor.py")
    (tmp_path / "r.json").write_text(
        json.dumps({"category": "outdoors", "start_date": "2024-05-01", "end_date": "2024-05-31"})
    )
    context = dg.build_sensor_context(
        resources={"request_folder": step.RequestFolder(path=str(tmp_path))}
    )
    result = step.adhoc_request_sensor(context)
    assert [r.run_config["ops"]["adhoc_request"]["config"]["category"] for r in result.run_requests] == [
        "outdoors"
    ]
