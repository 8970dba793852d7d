"""Tests for the examples of the API reference pages of writer E:
pipes, internals, external assets instance API."""

import dagster as dg

from example_loader import load_example


# --- pipes -------------------------------------------------------------------


def test_subprocess_client_reports_materialization_and_custom_message():
    example = load_example("api/pipes_reference.py")
    result = dg.materialize(
        [example.filtered_rows],
        resources={"pipes_subprocess_client": dg.PipesSubprocessClient()},
    )
    assert result.success
    [mat] = result.asset_materializations_for_node("filtered_rows")
    assert mat.metadata["row_count"].value == 3


def test_open_pipes_session_uses_extras_and_yields_results():
    example = load_example("api/pipes_reference.py")
    result = dg.materialize([example.filtered_rows_by_hand])
    assert result.success
    [mat] = result.asset_materializations_for_node("filtered_rows_by_hand")
    assert mat.metadata["row_count"].value == 1


# --- internals ---------------------------------------------------------------


def test_retry_policy_is_attached_to_the_asset():
    example = load_example("api/internals_reference.py")
    policy = example.flaky_download.op.retry_policy
    assert policy.max_retries == 3
    assert policy.backoff == dg.Backoff.EXPONENTIAL
    assert policy.jitter == dg.Jitter.PLUS_MINUS


def test_observe_result_records_data_version():
    example = load_example("api/internals_reference.py")
    job = example.defs.resolve_implicit_global_asset_job_def()
    result = job.execute_in_process(asset_selection=[dg.AssetKey("vendor_feed")])
    assert result.success
    [event] = result.get_asset_observation_events()
    observation = event.asset_observation_data.asset_observation
    assert observation.data_version == "2026-01-01T00:00:00"
    assert observation.metadata["row_count"].value == 1200


def test_aliased_node_runs_with_its_dependency():
    example = load_example("api/internals_reference.py")
    result = example.totals_job.execute_in_process()
    assert result.success
    assert result.output_for_node("grand_total") == 6


def test_serialize_value_round_trips():
    example = load_example("api/internals_reference.py")
    key = dg.AssetKey(["warehouse", "orders"])
    assert example.round_trip(key) == key


# --- external assets instance API --------------------------------------------


def test_runless_events_are_recorded_outside_runs():
    example = load_example("api/external_assets_instance.py")
    key = dg.AssetKey("raw_orders")
    with dg.instance_for_test() as instance:
        example.report_nightly_load(instance, row_count=120)
        example.report_seen(instance, checksum="abc123")

        [mat] = instance.fetch_materializations(key, limit=10).records
        assert mat.run_id == ""  # not part of any run
        assert mat.asset_materialization.metadata["row_count"].value == 120

        [obs] = instance.fetch_observations(key, limit=10).records
        assert obs.asset_observation.metadata["checksum"].value == "abc123"

        check_key = dg.AssetCheckKey(key, "not_empty")
        summary = instance.event_log_storage.get_asset_check_summary_records([check_key])
        latest = summary[check_key].last_check_execution_record
        assert latest is not None
        assert latest.event.asset_check_evaluation.passed
