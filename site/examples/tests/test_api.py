"""Tests for the examples of the API reference pages (site/docs/api/)."""

import warnings

import dagster as dg

from example_loader import load_example


def _categories(records: list[warnings.WarningMessage]) -> set[type[Warning]]:
    return {record.category for record in records}


def test_category_filters_hide_preview_beta_and_superseded_warnings():
    with warnings.catch_warnings(record=True) as records:
        # Show every warning, so that only the example's own filters
        # (inserted in front of this one) can hide anything.
        warnings.simplefilter("always")
        example = load_example("api/lifecycle_filters.py")

        dg.build_column_schema_change_checks(assets=[example.orders])  # beta
        dg.build_sensor_for_freshness_checks(freshness_checks=[])  # superseded

    assert dg.BetaWarning not in _categories(records)
    assert dg.SupersessionWarning not in _categories(records)


def test_message_filter_hides_one_deprecation_only():
    with warnings.catch_warnings(record=True) as records:
        warnings.simplefilter("always")
        load_example("api/lifecycle_filters.py")

        dg.SourceAsset(key="raw_orders")  # the filtered deprecation
        dg.ScheduleDefinition(  # a different deprecation: still reported
            name="nightly",
            cron_schedule="0 2 * * *",
            target="*",
            environment_vars={"REGION": "eu"},
        )

    messages = [str(r.message) for r in records if r.category is DeprecationWarning]
    assert not any("SourceAsset" in message for message in messages)
    assert any("environment_vars" in message for message in messages)


def test_filtered_example_still_materializes():
    example = load_example("api/lifecycle_filters.py")
    result = dg.materialize([example.orders])
    assert result.success
    assert len(result.output_for_node("orders")) == 2


def test_scoped_filter_applies_inside_the_block_only():
    with warnings.catch_warnings(record=True) as records:
        warnings.simplefilter("always")
        example = load_example("api/lifecycle_scoped.py")
        # Built inside the example's `with` block: no warning.
        assert dg.BetaWarning not in _categories(records)

        # The same call outside the block warns again.
        dg.build_column_schema_change_checks(assets=[example.orders])
        assert dg.BetaWarning in _categories(records)

    assert len(example.schema_checks) == 1
    dg.Definitions.validate_loadable(example.defs)


def test_bare_and_called_decorators_build_assets():
    example = load_example("api/reading_signatures.py")
    result = dg.materialize([example.orders, example.order_totals])
    assert result.success
    assert result.output_for_node("order_totals") == 65.5
    assert example.order_totals.group_names_by_key[dg.AssetKey("order_totals")] == "sales"


def test_schedule_signature_defaults_and_keyword_only_arguments():
    import datetime

    import pytest

    example = load_example("api/reading_signatures.py")
    schedule = example.morning_sales
    assert schedule.cron_schedule == "0 6 * * *"
    assert schedule.execution_timezone == "Europe/Berlin"
    # The documented default: a new schedule starts stopped.
    assert schedule.default_status == dg.DefaultScheduleStatus.STOPPED

    context = dg.build_schedule_context(
        scheduled_execution_time=datetime.datetime(2025, 3, 1, 6, 0)
    )
    request = schedule(context)
    assert request.run_key == "2025-03-01"

    # `target` is keyword-only: passing it by position is a TypeError.
    with pytest.raises(TypeError):
        dg.schedule("0 6 * * *", [example.orders])
