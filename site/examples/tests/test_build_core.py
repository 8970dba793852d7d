"""Tests for the Build guides' core examples: partitions, resources, I/O managers,
ops/jobs/graphs, projects and ML pipelines (site/examples/guides/build/...)."""

import datetime
import importlib
import inspect
import sys
from pathlib import Path

import duckdb
import pytest
from dagster_duckdb import DuckDBResource
from example_loader import EXAMPLES_ROOT, load_example

import dagster as dg

BUILD = "guides/build"


def _run(assets, **kwargs) -> dg.ExecuteInProcessResult:
    return dg.materialize(assets, **kwargs)


def _metadata_value(result, node: str, key: str):
    return result.asset_materializations_for_node(node)[0].metadata[key].value


# --- partitions -------------------------------------------------------------


@pytest.fixture
def partitions_example():
    return load_example(f"{BUILD}/partitions/partitioned_assets.py")


def test_daily_partition_key_and_time_window(partitions_example):
    result = _run([partitions_example.daily_orders], partition_key="2024-03-15")
    orders = result.output_for_node("daily_orders")
    assert [o["order_id"] for o in orders] == ["2024-03-15-1", "2024-03-15-2"]


def test_time_window_partition_keys(partitions_example):
    m = partitions_example
    assert m.weekly_partitions.get_partition_keys()[:2] == ["2024-01-01", "2024-01-08"]
    assert m.monthly_partitions.get_partition_keys()[:2] == ["2024-01-01", "2024-02-01"]
    assert m.hourly_partitions.get_partition_keys()[0] == "2024-01-01-00:00"
    result = _run([m.weekly_signups], partition_key="2024-01-08")
    assert _metadata_value(result, "weekly_signups", "week_start") == "2024-01-08"


def test_static_partition(partitions_example):
    result = _run([partitions_example.regional_inventory], partition_key="eu")
    assert result.output_for_node("regional_inventory") == {"region": "eu", "skus": 80}


def test_multi_partition_key(partitions_example):
    key = dg.MultiPartitionKey({"date": "2024-03-15", "region": "apac"})
    assert str(key) == "2024-03-15|apac"
    result = _run([partitions_example.regional_daily_sales], partition_key=key)
    assert _metadata_value(result, "regional_daily_sales", "region") == "apac"


def test_dynamic_partitions_sensor_adds_keys(partitions_example, tmp_path):
    m = partitions_example
    folder = tmp_path / "data" / "customers"
    folder.mkdir(parents=True)
    (folder / "acme.csv").write_text("id\n1\n")
    (folder / "globex.csv").write_text("id\n2\n")
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions("customers", ["acme"])

    result = m.new_customer_sensor(dg.build_sensor_context(instance=instance))

    assert [r.partition_key for r in result.run_requests] == ["globex"]
    assert result.dynamic_partitions_requests[0].partition_keys == ["globex"]
    instance.add_dynamic_partitions("customers", ["globex"])
    run = _run([m.customer_report], partition_key="globex", instance=instance)
    assert _metadata_value(run, "customer_report", "customer") == "globex"


def test_partitioned_schedule_targets_previous_day(partitions_example):
    m = partitions_example
    defs = m.defs
    schedule = defs.resolve_schedule_def("daily_orders_job_schedule")
    context = dg.build_schedule_context(
        scheduled_execution_time=datetime.datetime(2024, 3, 16, 0, 5)
    )
    run_requests = schedule.evaluate_tick(context).run_requests
    assert [r.partition_key for r in run_requests] == ["2024-03-15"]


# --- partition mappings -----------------------------------------------------


@pytest.fixture
def mappings(tmp_path):
    module = load_example(f"{BUILD}/partitions/partition_dependencies.py")
    instance = dg.DagsterInstance.ephemeral()
    resources = {"io_manager": dg.FilesystemIOManager(base_dir=str(tmp_path / "storage"))}

    def run(assets, target, partition_key=None):
        return _run(
            assets,
            selection=[target],
            partition_key=partition_key,
            instance=instance,
            resources=resources,
        )

    return module, run


def test_identity_and_time_window_offset(mappings):
    m, run = mappings
    for day in ["2024-01-01", "2024-01-02"]:
        run([m.page_views], m.page_views, day)
    summary = run([m.page_views, m.page_view_summary], m.page_view_summary, "2024-01-02")
    assert summary.output_for_node("page_view_summary") == {"views": 200, "busy": False}
    two_day = run([m.page_views, m.two_day_page_views], m.two_day_page_views, "2024-01-02")
    assert two_day.output_for_node("two_day_page_views") == 100 + 200


def test_daily_to_weekly(mappings):
    m, run = mappings
    for day in range(1, 8):
        run([m.page_views], m.page_views, f"2024-01-0{day}")
    weekly = run([m.page_views, m.weekly_page_views], m.weekly_page_views, "2024-01-01")
    assert weekly.output_for_node("weekly_page_views") == sum(range(1, 8)) * 100


def test_all_static_and_last_partition_mappings(mappings):
    m, run = mappings
    for store in ["nyc", "sf", "berlin", "munich"]:
        run([m.store_sales], m.store_sales, store)
    total = run([m.store_sales, m.total_sales], m.total_sales)
    assert total.output_for_node("total_sales") == 3500.0
    germany = run([m.store_sales, m.country_sales], m.country_sales, "germany")
    assert germany.output_for_node("country_sales") == 700.0 + 650.0

    last_day = m.daily_partitions.get_last_partition_key()
    run([m.page_views], m.page_views, last_day)
    latest = run([m.page_views, m.latest_page_views], m.latest_page_views)
    assert latest.output_for_node("latest_page_views") == int(last_day[-2:]) * 100


def test_multi_to_single_dimension_and_asset_dep(mappings):
    m, run = mappings
    for channel in ["web", "mobile"]:
        key = dg.MultiPartitionKey({"date": "2024-01-03", "channel": channel})
        run([m.channel_sessions], m.channel_sessions, key)
    daily = run([m.channel_sessions, m.daily_sessions], m.daily_sessions, "2024-01-03")
    assert daily.output_for_node("daily_sessions") == 500

    report = run([m.page_views, m.seven_day_report], m.seven_day_report, "2024-01-10")
    assert _metadata_value(report, "seven_day_report", "window_start") == "2024-01-04"


# --- backfills --------------------------------------------------------------


def test_single_run_backfill_over_a_range(tmp_path):
    m = load_example(f"{BUILD}/partitions/backfills.py")
    database = str(tmp_path / "events.duckdb")
    result = _run(
        [m.raw_events],
        resources={"duckdb": DuckDBResource(database=database)},
        tags={
            "dagster/asset_partition_range_start": "2024-01-01",
            "dagster/asset_partition_range_end": "2024-01-05",
        },
    )
    # One run materialized all five partitions.
    assert len(result.asset_materializations_for_node("raw_events")) == 5
    assert _metadata_value(result, "raw_events", "rows") == 15

    counts = _run(
        [m.raw_events, m.daily_event_counts],
        selection=[m.daily_event_counts],
        partition_key="2024-01-03",
        resources={"duckdb": DuckDBResource(database=database)},
    )
    assert counts.success
    with duckdb.connect(database) as conn:
        rows = conn.execute("select day, events from daily_event_counts").fetchall()
    assert rows == [("2024-01-03", 3)]
    assert m.daily_event_counts.backfill_policy == dg.BackfillPolicy.multi_run(7)


# --- resources --------------------------------------------------------------


RESOURCE_TESTS = "resources/resource_tests.py"


def _resource_test_names():
    source = (EXAMPLES_ROOT / BUILD / RESOURCE_TESTS).read_text()
    return [line.split("(")[0][4:] for line in source.splitlines() if line.startswith("def test_")]


@pytest.mark.parametrize("name", _resource_test_names())
def test_resource_example_tests(name, tmp_path, monkeypatch):
    """Run the example test functions shown on the testing page."""
    module = load_example(f"{BUILD}/{RESOURCE_TESTS}")
    func = getattr(module, name)
    available = {"tmp_path": tmp_path, "monkeypatch": monkeypatch}
    func(**{p: available[p] for p in inspect.signature(func).parameters})


def test_api_resource_asset_with_fake():
    m = load_example(f"{BUILD}/resources/api_resource.py")
    result = _run([m.dagster_repo_stats], resources={"github": m.FakeGitHubAPI()})
    assert _metadata_value(result, "dagster_repo_stats", "forks") == 20


def test_configure_at_launch_and_nested_resources():
    m = load_example(f"{BUILD}/resources/configuring_resources.py")
    result = _run(
        [m.account_export],
        resources={"export_target": m.ExportTarget.configure_at_launch()},
        run_config=m.export_run_config,
    )
    assert result.output_for_node("account_export") == "s3://acme-exports/daily/accounts.csv"
    yaml_style = {"resources": {"export_target": {"config": {"bucket": "b"}}}}
    result = _run(
        [m.account_export],
        resources={"export_target": m.ExportTarget.configure_at_launch()},
        run_config=yaml_style,
    )
    assert result.output_for_node("account_export") == "s3://b/exports/accounts.csv"
    warehouse = m.DataWarehouse(host="db", credentials=m.Credentials(username="u", password="p"))
    assert warehouse.connection_string() == "postgresql://u@db/analytics"


def test_env_var_resolved_at_run_time(monkeypatch):
    monkeypatch.setenv("CRM_API_TOKEN", "token")
    monkeypatch.setenv("CRM_TIMEOUT_SECONDS", "12")
    monkeypatch.setenv("DAGSTER_DEPLOYMENT", "production")
    m = load_example(f"{BUILD}/resources/configuring_resources.py")
    job = m.defs.resolve_implicit_global_asset_job_def()
    assert job.execute_in_process().success


def test_database_resource_duckdb(tmp_path):
    m = load_example(f"{BUILD}/resources/database_resource.py")
    duck = DuckDBResource(database=str(tmp_path / "db.duckdb"))
    result = _run([m.iris_species], resources={"duckdb": duck})
    assert _metadata_value(result, "iris_species", "row_count") == 3
    assert _run([m.order_counts], resources={"warehouse": duck}).success
    assert type(m.warehouse_for("production")).__name__ == "SnowflakeResource"


def test_bare_python_object_resource():
    m = load_example(f"{BUILD}/resources/bare_objects.py")
    result = _run([m.retention_policy], resources={"settings": {"retention_days": 30}})
    assert result.output_for_node("retention_policy") == "keep data for 30 days"
    assert m.make_session().headers["User-Agent"] == "acme-data-pipeline/1.0"


def test_resource_state_setup_teardown_and_yield(tmp_path):
    m = load_example(f"{BUILD}/resources/resource_state.py")
    resources = {
        "db": m.SQLiteDatabase(path=str(tmp_path / "v.sqlite")),
        "scratch": m.ScratchSpace(),
    }
    result = _run([m.visits, m.compressed_visits], resources=resources)
    assert _metadata_value(result, "visits", "total_hits") == 245
    assert result.output_for_node("compressed_visits") > 0
    # Outside a run the private state is empty.
    with pytest.raises(RuntimeError):
        m.SQLiteDatabase(path=":memory:").query("select 1")


# --- I/O managers -----------------------------------------------------------


def test_custom_json_io_manager_round_trip(tmp_path):
    m = load_example(f"{BUILD}/io_managers/custom_io_manager.py")
    io_manager = m.JsonFileIOManager(base_dir=str(tmp_path))
    result = _run([m.exchange_rates, m.usd_rates], resources={"json_io_manager": io_manager})
    assert result.output_for_node("usd_rates")["USD"] == 1.0
    assert (tmp_path / "exchange_rates.json").exists()
    # A second run loads the stored upstream value from disk.
    again = _run(
        [m.exchange_rates, m.usd_rates],
        selection=[m.usd_rates],
        resources={"json_io_manager": io_manager},
    )
    assert again.output_for_node("usd_rates") == result.output_for_node("usd_rates")


def test_upath_csv_io_manager_partitions(tmp_path):
    m = load_example(f"{BUILD}/io_managers/custom_io_manager.py")
    factory = m.CsvIOManagerFactory(base_path=str(tmp_path))
    _run([m.daily_rates], partition_key="2024-01-15", resources={"csv_io_manager": factory})
    stored = tmp_path / "daily_rates" / "2024-01-15.csv"
    assert stored.read_text().splitlines() == ["day,currency", "2024-01-15,USD", "2024-01-15,GBP"]


def test_builtin_io_managers(tmp_path):
    m = load_example(f"{BUILD}/io_managers/builtin_io_managers.py")
    assert m.run_in_memory() == 2
    result = _run(
        [m.raw_customers, m.customers_table, m.customers_by_country],
        resources={
            "io_manager": dg.FilesystemIOManager(base_dir=str(tmp_path / "storage")),
            "warehouse_io_manager": m.DuckDBPandasIOManager(
                database=str(tmp_path / "w.duckdb"), schema="public"
            ),
        },
    )
    by_country = result.output_for_node("customers_by_country")
    assert sorted(by_country["country"]) == ["PT", "SE"]
    assert (tmp_path / "storage" / "raw_customers").exists()


# --- ops, jobs and graphs ---------------------------------------------------


def test_op_job_execute_in_process():
    m = load_example(f"{BUILD}/ops_jobs_graphs/ops.py")
    result = m.temperature_ops_job.execute_in_process(
        resources={"alerts": m.AlertChannel(channel="#test")},
        run_config=dg.RunConfig(ops={"count_above": m.ThresholdConfig(limit=19.0)}),
    )
    assert result.success
    assert result.output_for_node("average") == pytest.approx(20.625)
    assert result.output_for_node("split_by_temperature", "cold") == [18.5, 19.75]
    assert result.output_for_node("count_above") == 3


def test_jobs_config_and_resources():
    m = load_example(f"{BUILD}/ops_jobs_graphs/jobs.py")
    assert m.run_export_locally() == "/tmp/drop/export.json (2 rows)"
    result = m.orders_export_job.execute_in_process(resources={"drop": m.FileDrop(folder="x")})
    assert result.output_for_node("validate")[0]["table"] == "orders"
    asset_job = m.defs.resolve_job_def("partner_assets_job")
    assert asset_job.execute_in_process().success


def test_graphs_and_graph_backed_assets():
    m = load_example(f"{BUILD}/ops_jobs_graphs/graphs.py")
    assert m.inventory_job.execute_in_process().output_for_node("total_quantity") == 10
    assert m.inventory_prod_job.tags["environment"] == "production"
    cleaned = m.clean_rows.execute_in_process(input_values={"rows": [{"sku": "x", "qty": 9}]})
    assert cleaned.output_value() == [{"sku": "x", "qty": 9, "bulk": True}]
    result = _run([m.stocked_items, m.stocked_item_count, m.items_by_size])
    assert result.output_for_node("stocked_item_count") == 2
    assert [r["sku"] for r in result.output_for_node("items_by_size", "bulk_items")] == ["C-3"]


# --- projects ---------------------------------------------------------------


def test_project_loads_from_defs_folder(tmp_path, monkeypatch):
    src = EXAMPLES_ROOT / BUILD / "projects" / "my_project" / "src"
    monkeypatch.syspath_prepend(str(src))
    try:
        definitions = importlib.import_module("my_project.definitions")
        defs = definitions.defs()
        keys = sorted(k.to_user_string() for k in defs.resolve_all_asset_keys())
        assert keys == ["customer_totals", "raw_orders"]
        assert defs.resolve_schedule_def("daily_refresh").cron_schedule == "0 6 * * *"
        (tmp_path / "data").mkdir()
        assert defs.resolve_implicit_global_asset_job_def().execute_in_process().success
    finally:
        for name in [n for n in sys.modules if n == "my_project" or n.startswith("my_project.")]:
            del sys.modules[name]


def test_project_pyproject_has_dg_settings():
    import tomllib

    pyproject = EXAMPLES_ROOT / BUILD / "projects" / "my_project" / "pyproject.toml"
    config = tomllib.loads(pyproject.read_text())
    assert config["tool"]["dg"]["directory_type"] == "project"
    assert config["tool"]["dg"]["project"]["root_module"] == "my_project"


# --- ML pipelines -----------------------------------------------------------


def test_ml_pipeline_trains_and_evaluates():
    m = load_example(f"{BUILD}/ml/ml_pipeline.py")
    assets = [m.house_sales, m.split_sales, m.price_model, m.model_evaluation]
    result = _run([*assets, m.new_listings, m.price_estimates])
    assert result.output_for_node("price_model")["slope"] == pytest.approx(2500, rel=0.05)
    assert _metadata_value(result, "model_evaluation", "r_squared") > 0.9
    assert _metadata_value(result, "model_evaluation", "test_rows") == 40
    estimates = result.output_for_node("price_estimates")
    assert [e["listing_id"] for e in estimates] == ["L-1", "L-2"]


def test_model_promotion_and_quality_gate(tmp_path):
    m = load_example(f"{BUILD}/ml/managing_ml.py")
    instance = dg.DagsterInstance.ephemeral()
    resources = {"io_manager": dg.FilesystemIOManager(base_dir=str(tmp_path))}
    assets = [m.labeled_sales, m.candidate_model, m.production_model, m.beats_mean_baseline]

    def materialized(result):
        return {e.asset_key.to_user_string() for e in result.get_asset_materialization_events()}

    first = _run(assets, instance=instance, resources=resources)
    assert "production_model" in materialized(first)
    # Same model again: not better than the one in production, so nothing is promoted.
    second = _run(assets, instance=instance, resources=resources)
    assert second.success and "production_model" not in materialized(second)
    # A heavily penalized model fails the blocking check; promotion never runs.
    weak = _run(
        assets,
        instance=instance,
        resources=resources,
        run_config=dg.RunConfig(ops={"candidate_model": m.TrainingConfig(l2_penalty=5e5)}),
        raise_on_error=False,
    )
    assert not weak.success
    assert [c.passed for c in weak.get_asset_check_evaluations()] == [False]
    assert "production_model" not in materialized(weak)


def test_weekly_retraining_conditions(tmp_path):
    m = load_example(f"{BUILD}/ml/managing_ml.py")
    instance = dg.DagsterInstance.ephemeral()
    resources = {"io_manager": dg.FilesystemIOManager(base_dir=str(tmp_path))}
    defs = dg.Definitions(
        assets=[m.labeled_sales, m.candidate_model, m.production_model],
        asset_checks=[m.beats_mean_baseline],
        resources=resources,
    )
    assets = [m.labeled_sales, m.candidate_model, m.production_model, m.beats_mean_baseline]
    _run(assets, instance=instance, resources=resources)

    utc = datetime.timezone.utc
    before = dg.evaluate_automation_conditions(
        defs=defs, instance=instance, evaluation_time=datetime.datetime(2024, 3, 4, 2, tzinfo=utc)
    )
    assert before.total_requested == 0
    after = dg.evaluate_automation_conditions(
        defs=defs,
        instance=instance,
        evaluation_time=datetime.datetime(2024, 3, 4, 3, 5, tzinfo=utc),
        cursor=before.cursor,
    )
    for key in ["labeled_sales", "candidate_model", "production_model"]:
        assert after.get_num_requested(dg.AssetKey(key)) == 1
