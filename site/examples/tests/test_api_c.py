"""Tests for the API reference pages config, execution, errors and types."""

import dagster as dg
import pytest

from api import config_reference as cfg
from api import errors_reference as errs
from api import execution_reference as exe
from api import types_reference as typ


def test_pythonic_config_and_run_config(monkeypatch):
    result = dg.materialize([cfg.sales_report], run_config=cfg.report_run_config)
    assert result.output_for_node("sales_report") == "us:5"
    default = dg.materialize([cfg.sales_report])
    assert default.output_for_node("sales_report") == "eu:100"


def test_config_mapping_expands_and_string_source_reads_env(monkeypatch):
    monkeypatch.setenv("SALES_TOKEN", "secret")
    resolved = dg.validate_run_config(cfg.sales_job, {"region": "us"})
    op_config = resolved["ops"]["fetch_sales"]["config"]
    assert op_config == {
        "region": "us",
        "limit": 100,
        "api_token": "secret",
        "labels": {},
        "note": None,
    }
    assert cfg.sales_job.execute_in_process(run_config={"region": "us"}).success


def test_invalid_config_raises():
    with pytest.raises(dg.DagsterInvalidConfigError):
        dg.validate_run_config(cfg.sales_job, {"region": "mars"})


def test_materialize_to_memory_and_instance_queries():
    assert exe.run_in_memory() == [1, 2, 3]
    with dg.instance_for_test() as instance:
        assert dg.materialize([exe.raw_numbers, exe.sorted_numbers], instance=instance).success
        records = exe.latest_materializations(instance)
        assert len(records) == 1
        assert records[0].asset_key == dg.AssetKey("sorted_numbers")
        assert exe.failed_runs(instance) == []


def test_build_asset_context_invokes_asset_directly():
    context = dg.build_asset_context()
    assert exe.sorted_numbers(context, [2, 1]) == [1, 2]


def test_retry_requested_and_failure(monkeypatch):
    def broken() -> dict:
        raise errs.FlakyApiError("timeout")

    monkeypatch.setattr(errs, "fetch_rates", broken)
    with pytest.raises(dg.RetryRequested) as info:
        errs.exchange_rates()
    assert info.value.max_retries == 3
    assert info.value.seconds_to_wait == 10

    with pytest.raises(dg.Failure) as failure:
        errs.checked_rates({})
    assert failure.value.description == "No exchange rates were returned."
    assert failure.value.allow_retries is False
    assert errs.checked_rates({"EUR": 1.0}) == {"EUR": 1.0}


def test_failure_fails_the_run_without_raising_when_asked():
    @dg.asset(name="exchange_rates")
    def no_rates() -> dict:
        return {}

    result = dg.materialize([no_rates, errs.checked_rates], raise_on_error=False)
    assert not result.success


def test_custom_dagster_type():
    assert dg.check_dagster_type(typ.PositiveInts, [1, 2]).success
    failed = dg.check_dagster_type(typ.PositiveInts, [1, -2])
    assert not failed.success
    assert not dg.check_dagster_type(typ.PositiveInts, "nope").success
    assert dg.materialize([typ.order_quantities]).success


def test_nothing_dependency_orders_ops():
    result = typ.cache_job.execute_in_process()
    assert result.success
    order = [e.step_key for e in result.all_events if e.event_type == dg.DagsterEventType.STEP_START]
    assert order == ["refresh_cache", "rebuild_index"]


def test_error_hierarchy():
    for err in (
        dg.DagsterInvalidDefinitionError,
        dg.DagsterInvalidConfigError,
        dg.DagsterInvariantViolationError,
        dg.DagsterInvalidInvocationError,
        dg.DagsterUserCodeExecutionError,
        dg.DagsterTypeCheckDidNotPass,
    ):
        assert issubclass(err, dg.DagsterError)
    assert issubclass(dg.DagsterExecutionStepExecutionError, dg.DagsterUserCodeExecutionError)
    assert not issubclass(dg.DagsterExecutionInterruptedError, Exception)


def _entry_text(page: str, name: str) -> str:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs/api/python-api" / page).read_text()
    start = text.index(f'<ApiEntry name="{name}">')
    return text[start : text.index("</ApiEntry>", start)]


def _backticked(text: str) -> set[str]:
    import re

    return set(re.findall(r"`([A-Z_]+)`", text))


def test_event_type_list_matches_package():
    listed = _backticked(_entry_text("types.md", "dagster.DagsterEventType"))
    assert listed == {m.name for m in dg.DagsterEventType}


def test_run_status_list_matches_package():
    listed = _backticked(_entry_text("execution.md", "dagster.DagsterRunStatus"))
    assert listed == {m.name for m in dg.DagsterRunStatus}


def test_collection_types_check_contents():
    assert not dg.check_dagster_type(dg.Dict[dg.String, dg.Int], {"a": "b"}).success
    assert dg.check_dagster_type(dg.Set[dg.String], {"a"}).success
    assert dg.check_dagster_type(dg.Optional[dg.Int], None).success
    with pytest.raises(dg.DagsterInvariantViolationError):
        import typing

        dg.check_dagster_type(typing.List[int], [1])
