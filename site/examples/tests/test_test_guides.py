"""Tests for the Test guides (site/examples/guides/test/...).

Asset checks run and their results are asserted, freshness checks are
evaluated against a real (ephemeral) instance, the subset-selection examples
run only what the page says, and the example test files that the pages show
pass when their test functions are called.
"""

import datetime
import re

import dagster as dg
import pytest
from example_loader import EXAMPLES_ROOT, load_example

DOCS = EXAMPLES_ROOT.parent / "docs"


def check_results(result) -> dict[str, dg.AssetCheckEvaluation]:
    found = {}
    for event in result.all_events:
        if event.event_type_value == "ASSET_CHECK_EVALUATION":
            evaluation = event.event_specific_data
            found[evaluation.check_name] = evaluation
    return found


@pytest.fixture
def checks():
    return load_example("guides/test/asset_checks.py")


def test_check_results_and_severity(checks):
    result = dg.materialize(
        [checks.orders, checks.orders_have_ids, checks.orders_have_customers, checks.order_amount_checks]
    )
    assert result.success
    found = check_results(result)
    assert found["orders_have_ids"].passed
    assert found["orders_have_ids"].metadata["missing_ids"].value == 0
    assert not found["orders_have_customers"].passed
    assert found["orders_have_customers"].severity == dg.AssetCheckSeverity.WARN
    assert found["orders_have_customers"].metadata["orphan_order_ids"].value == [3]
    assert found["amount_not_null"].passed
    assert found["amount_below_limit"].metadata["max_amount"].value == 30.0


def test_blocking_check_stops_downstream():
    @dg.asset(name="payments")
    def bad_payments() -> list[float]:
        return [10.0, -1.0]

    checks = load_example("guides/test/asset_checks.py")
    result = dg.materialize(
        [bad_payments, checks.payments_are_positive, checks.revenue_report], raise_on_error=False
    )
    assert not result.success
    assert not check_results(result)["payments_are_positive"].passed
    materialized = {e.asset_key.to_user_string() for e in result.get_asset_materialization_events()}
    assert materialized == {"payments"}

    good = dg.materialize([checks.payments, checks.payments_are_positive, checks.revenue_report])
    assert good.success
    assert {e.asset_key.to_user_string() for e in good.get_asset_materialization_events()} == {
        "payments",
        "revenue_report",
    }


def test_check_specs_in_the_asset(checks):
    result = dg.materialize([checks.customers])
    found = check_results(result)
    assert found["has_rows"].passed and found["unique_ids"].passed


def test_builtin_factories(checks):
    instance = dg.DagsterInstance.ephemeral()
    assets = [checks.inventory, *checks.inventory_row_count_checks, *checks.inventory_schema_checks]
    dg.materialize(assets, instance=instance)
    second = dg.materialize(assets, instance=instance)
    found = check_results(second)
    assert len(found) == 2
    assert all(evaluation.passed for evaluation in found.values())


def test_builtin_factory_table_is_complete():
    names = {n for n in dir(dg) if n.startswith("build_") and n.endswith("_checks")}
    names.discard("build_sensor_for_freshness_checks")  # builds a sensor, not checks
    page = (DOCS / "guides/test/asset-checks.md").read_text()
    section = page.split("## Built-in check factories")[1].split("## Register the checks")[0]
    documented = set(re.findall(r"^\| `dg\.(build_\w+)` \|", section, re.M))
    assert documented == names


def test_checks_only_job(checks):
    instance = dg.DagsterInstance.ephemeral()
    dg.materialize([checks.orders], instance=instance)
    job = checks.defs.resolve_job_def("order_checks_job")
    result = job.execute_in_process(instance=instance)
    assert result.success
    assert result.get_asset_materialization_events() == []
    assert set(check_results(result)) == {
        "orders_have_ids",
        "orders_have_customers",
        "amount_not_null",
        "amount_below_limit",
    }


def test_subset_with_materialize_selection(checks):
    # The snippet on the running-a-subset page.
    instance = dg.DagsterInstance.ephemeral()
    dg.materialize([checks.orders], instance=instance)
    result = dg.materialize(
        [checks.orders, checks.orders_have_ids, checks.orders_have_customers],
        selection=dg.AssetSelection.checks(checks.orders_have_ids),
        instance=instance,
    )
    assert set(check_results(result)) == {"orders_have_ids"}
    assert result.get_asset_materialization_events() == []


def test_without_checks_selection(checks):
    selection = dg.AssetSelection.assets(checks.orders).without_checks()
    result = dg.materialize(
        [checks.orders, checks.orders_have_ids], selection=selection
    )
    assert check_results(result) == {}


# --- freshness ----------------------------------------------------------------


def run_checks(defs: dg.Definitions, checks_defs, instance):
    job = dg.define_asset_job("run_freshness", selection=dg.AssetSelection.checks(*checks_defs))
    merged = dg.Definitions.merge(defs, dg.Definitions(jobs=[job]))
    return merged.resolve_job_def("run_freshness").execute_in_process(instance=instance)


def test_last_update_freshness_check():
    ex = load_example("guides/test/freshness_checks.py")
    instance = dg.DagsterInstance.ephemeral()
    stale = check_results(run_checks(ex.defs, ex.exchange_rates_freshness, instance))
    assert [c.passed for c in stale.values()] == [False]
    assert next(iter(stale.values())).severity == dg.AssetCheckSeverity.WARN

    dg.materialize([ex.exchange_rates], instance=instance)
    fresh = check_results(run_checks(ex.defs, ex.exchange_rates_freshness, instance))
    assert [c.passed for c in fresh.values()] == [True]


def test_deadline_check_is_error_severity():
    ex = load_example("guides/test/freshness_checks.py")
    instance = dg.DagsterInstance.ephemeral()
    result = check_results(run_checks(ex.deadline_defs, ex.exchange_rates_deadline, instance))
    (evaluation,) = result.values()
    assert not evaluation.passed
    assert evaluation.severity == dg.AssetCheckSeverity.ERROR


def test_time_partition_freshness_check():
    ex = load_example("guides/test/freshness_checks.py")
    instance = dg.DagsterInstance.ephemeral()
    result = check_results(run_checks(ex.defs, ex.daily_sales_freshness, instance))
    assert [c.passed for c in result.values()] == [False]


def test_freshness_sensor_settings():
    ex = load_example("guides/test/freshness_checks.py")
    assert ex.freshness_sensor.default_status == dg.DefaultSensorStatus.STOPPED
    assert ex.freshness_sensor.minimum_interval_seconds == 300


def test_freshness_policies_are_attached():
    ex = load_example("guides/test/freshness_policies.py")
    graph = ex.defs.resolve_asset_graph()
    window = graph.get(dg.AssetKey("exchange_rates")).freshness_policy
    assert window.fail_window.to_timedelta() == datetime.timedelta(hours=6)
    assert window.warn_window.to_timedelta() == datetime.timedelta(hours=3)
    cron = graph.get(dg.AssetKey("morning_positions")).freshness_policy
    assert cron.deadline_cron == "0 9 * * 1-5"
    assert cron.timezone == "Europe/Berlin"
    assert graph.get(dg.AssetKey("vendor_prices")).freshness_policy is not None
    assert dg.materialize([ex.exchange_rates, ex.morning_positions]).success


# --- the example test files the pages show ------------------------------------


@pytest.mark.parametrize(
    "path", ["guides/test/test_unit_testing.py", "guides/test/test_partitioned_config.py"]
)
def test_example_test_files_pass(path):
    module = load_example(path)
    tests = [getattr(module, name) for name in dir(module) if name.startswith("test_")]
    assert tests
    for test in tests:
        test()
