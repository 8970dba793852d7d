"""Tests for the examples of the API reference pages of writer D:
ops, jobs, graphs, dynamic, hooks, loggers, metadata."""

import warnings

import dagster as dg
import pytest

from example_loader import load_example


# --- ops ---------------------------------------------------------------------


def test_ops_job_splits_and_totals():
    example = load_example("api/ops_reference.py")
    result = example.orders_job.execute_in_process()
    assert result.success
    assert result.output_for_node("split_orders", "valid") == [1200, 300]
    assert result.output_for_node("split_orders", "rejected") == 2
    assert result.output_for_node("total") == 1500


def test_op_invoked_directly_with_built_context():
    example = load_example("api/ops_reference.py")
    context = dg.build_op_context()
    outputs = list(example.split_orders(context, [5, -1]))
    assert [o.output_name for o in outputs] == ["valid", "rejected"]
    assert outputs[0].value == [5]
    assert outputs[0].metadata["count"].value == 1


def test_multi_asset_materializes_both_assets():
    example = load_example("api/ops_reference.py")
    result = dg.materialize([example.crm_tables])
    assert result.success
    assert result.output_for_node("crm_tables", "customer_count") == 2
    assert {k.to_user_string() for k in example.crm_tables.keys} == {"customers", "customer_count"}


# --- jobs --------------------------------------------------------------------


def test_asset_job_runs_selection():
    example = load_example("api/jobs_reference.py")
    job = example.defs.resolve_job_def("events_job")
    result = job.execute_in_process()
    assert result.success
    assert result.output_for_node("sorted_events") == [1, 2, 3]
    assert job.tags["owner"] == "analytics"


def test_op_job_with_config_in_process_executor():
    example = load_example("api/jobs_reference.py")
    assert example.greeting_job.executor_def is dg.in_process_executor
    result = example.greeting_job.execute_in_process(
        run_config={"ops": {"greet": {"config": {"name": "Ada"}}}}
    )
    assert isinstance(result, dg.ExecuteInProcessResult)
    assert result.output_for_node("greet") == "hello, Ada"


# --- graphs ------------------------------------------------------------------


def test_graph_job_scales_average():
    example = load_example("api/graphs_reference.py")
    result = example.price_job.execute_in_process()
    assert result.success
    assert result.output_for_node("scaled_average") == pytest.approx(11.1666666)


def test_graph_assets_materialize():
    example = load_example("api/graphs_reference.py")
    result = dg.materialize([example.average_price, example.price_range])
    assert result.success
    assert result.output_for_node("price_range", "min_price") == 10.0
    assert result.output_for_node("price_range", "max_price") == 12.5


# --- dynamic -----------------------------------------------------------------


def test_dynamic_fan_out_and_collect():
    example = load_example("api/dynamic_reference.py")
    result = example.fan_out_job.execute_in_process()
    assert result.success
    assert result.output_for_node("count_chars") == {"a_csv": 5, "b_csv": 5, "c_csv": 5}
    assert result.output_for_node("add_up") == 15


# --- hooks -------------------------------------------------------------------


def test_hooks_fire_on_success_and_failure():
    example = load_example("api/hooks_reference.py")
    example.notified.clear()
    result = example.hooked_job.execute_in_process(raise_on_error=False)
    assert not result.success
    assert "ok: works" in example.notified
    assert any(m.startswith("failed: breaks: ") for m in example.notified)


def test_hook_called_directly_with_built_context():
    example = load_example("api/hooks_reference.py")
    example.notified.clear()
    example.record_success(dg.build_hook_context(op=example.works))
    assert example.notified == ["ok: works"]


# --- loggers -----------------------------------------------------------------


def test_custom_logger_receives_messages():
    example = load_example("api/loggers_reference.py")
    example.handler.messages.clear()
    job = example.defs.resolve_job_def("logged_job")
    result = job.execute_in_process(
        run_config={"loggers": {"list": {"config": {"level": "DEBUG"}}}}
    )
    assert result.success
    assert any("making a greeting" in m for m in example.handler.messages)


def test_logger_built_outside_a_run():
    example = load_example("api/loggers_reference.py")
    context = dg.build_init_logger_context(logger_config={"level": "WARNING"})
    logger = example.list_logger.logger_fn(context)
    assert logger.level == 30


def test_default_loggers_keys():
    assert set(dg.default_loggers()) == {"console"}


# --- metadata ----------------------------------------------------------------


def test_metadata_values_recorded():
    example = load_example("api/metadata_reference.py")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = dg.materialize([example.orders])
    assert result.success
    event = result.get_asset_materialization_events()[0]
    metadata = event.materialization.metadata
    assert isinstance(metadata["row_count"], dg.IntMetadataValue)
    assert metadata["row_count"].value == 2
    assert isinstance(metadata["total"], dg.FloatMetadataValue)
    assert isinstance(metadata["summary"], dg.MarkdownMetadataValue)
    assert isinstance(metadata["preview"], dg.TableMetadataValue)
    assert isinstance(metadata["dagster/column_lineage"], dg.TableColumnLineageMetadataValue)


def test_source_code_references_attached():
    example = load_example("api/metadata_reference.py")
    assets_def = next(iter(example.defs.assets))
    spec = next(iter(assets_def.specs))
    refs = spec.metadata["dagster/code_references"]
    assert isinstance(refs, dg.CodeReferencesMetadataValue)
    assert isinstance(refs.code_references[0], dg.LocalFileCodeReference)
    assert refs.code_references[0].file_path.endswith("metadata_reference.py")


# --- assets (additions) ------------------------------------------------------


def test_selection_resolves_to_materializable_sales_assets():
    example = load_example("api/assets_selection_observation.py")
    job = example.defs.resolve_job_def("sales_job")
    keys = {k.to_user_string() for k in job.asset_layer.selected_asset_keys}
    assert keys == {"price_report"}


def test_map_asset_specs_sets_owners():
    example = load_example("api/assets_selection_observation.py")
    for assets_def in example.assets:
        assert all(spec.owners == ["team:analytics"] for spec in assets_def.specs)


def test_observable_source_asset_reports_data_version():
    example = load_example("api/assets_selection_observation.py")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        defs = dg.Definitions(
            assets=[example.vendor_prices],
            jobs=[dg.define_asset_job("observe_prices", selection=[example.vendor_prices])],
        )
        result = defs.resolve_job_def("observe_prices").execute_in_process()
    assert result.success
    observation = result.get_asset_observation_events()[0].asset_observation_data.asset_observation
    assert isinstance(observation, dg.AssetObservation)
    assert observation.metadata["row_count"].value == 128
    assert observation.data_version == "128"
