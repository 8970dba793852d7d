"""Tests for the examples of the API reference pages of writer A:
definitions, repositories, resources, io-managers, utilities."""

import json
import os

import dagster as dg

from example_loader import load_example


# --- resources ---------------------------------------------------------------


def test_resources_example_materializes_with_env_var(monkeypatch):
    monkeypatch.setenv("WAREHOUSE_PASSWORD", "secret")
    example = load_example("api/resources_reference.py")
    result = dg.materialize(
        [example.order_total],
        resources={
            "reporting": example.ReportingResource(warehouse=example.warehouse),
            "clock": example.Clock(),
        },
    )
    assert result.success
    assert result.output_for_node("order_total") == {"day": "2026-01-01", "total": 42}


def test_env_var_is_read_at_run_time_not_at_definition_time(monkeypatch):
    monkeypatch.delenv("WAREHOUSE_PASSWORD", raising=False)
    example = load_example("api/resources_reference.py")
    # Building the resource object does not read the variable.
    assert example.warehouse.password == "WAREHOUSE_PASSWORD"
    assert isinstance(example.warehouse.password, dg.EnvVar)
    monkeypatch.setenv("WAREHOUSE_PASSWORD", "secret")
    assert dg.EnvVar("WAREHOUSE_PASSWORD").get_value() == "secret"


def test_function_resource_with_init_context():
    example = load_example("api/resources_reference.py")
    context = dg.build_init_resource_context(config={"prefix": "orders"})
    make_label = example.label_maker(context)
    assert make_label("daily") == "orders-daily"


def test_build_resources_initializes_outside_a_run():
    example = load_example("api/resources_reference.py")
    with dg.build_resources(
        {"labels": example.label_maker},
        resource_config={"labels": {"config": {"prefix": "x"}}},
    ) as resources:
        assert resources.labels("y") == "x-y"


def test_make_values_resource_and_with_resources():
    values = dg.make_values_resource(region=str)

    @dg.asset(required_resource_keys={"settings"})
    def region_name(context) -> str:
        return context.resources.settings["region"]

    [bound] = dg.with_resources(
        [region_name],
        resource_defs={"settings": values},
        resource_config_by_key={"settings": {"config": {"region": "eu"}}},
    )
    result = dg.materialize([bound])
    assert result.output_for_node("region_name") == "eu"


def test_unknown_resource_error():
    context = dg.build_init_resource_context(resources={"a": 1})
    try:
        context.resources.missing  # noqa: B018
    except dg.DagsterUnknownResourceError as error:
        assert "missing" in str(error)
    else:
        raise AssertionError("expected DagsterUnknownResourceError")


# --- io managers -------------------------------------------------------------


def test_io_manager_example_writes_json_and_pickles(tmp_path):
    example = load_example("api/io_managers_reference.py")
    json_dir = tmp_path / "json"
    result = dg.materialize(
        [example.daily_orders, example.order_count, example.pickled_summary],
        resources={
            "json_io_manager": example.JsonFileIOManager(base_dir=str(json_dir)),
            "io_manager": dg.FilesystemIOManager(base_dir=str(tmp_path / "pickles")),
        },
    )
    assert result.success
    assert json.loads((json_dir / "daily_orders.json").read_text()) == [10, 20, 12]
    assert json.loads((json_dir / "order_count.json").read_text()) == 3
    assert (tmp_path / "pickles" / "pickled_summary").exists()


def test_io_manager_unit_test_with_built_contexts(tmp_path):
    example = load_example("api/io_managers_reference.py")
    manager = example.JsonFileIOManager(base_dir=str(tmp_path))
    manager.handle_output(dg.build_output_context(asset_key="numbers"), [1, 2])
    assert os.path.exists(tmp_path / "numbers.json")
    assert manager.load_input(dg.build_input_context(asset_key="numbers")) == [1, 2]


def test_in_memory_io_manager_keeps_values_for_one_run():
    @dg.asset
    def a() -> int:
        return 1

    @dg.asset
    def b(a: int) -> int:
        return a + 1

    result = dg.materialize([a, b], resources={"io_manager": dg.mem_io_manager})
    assert result.output_for_node("b") == 2


# --- definitions -------------------------------------------------------------


def test_definitions_decorator_loads_lazily():
    example = load_example("api/definitions_reference.py")
    defs = example.defs()
    assert isinstance(defs, dg.Definitions)
    job = defs.resolve_job_def("customers_job")
    assert job.execute_in_process().success
    assert defs.metadata["team"].value == "analytics"


def test_load_assets_from_modules():
    example = load_example("api/definitions_reference.py")
    import sys
    import types

    module = types.ModuleType("api_a_defs_module")
    module.raw_customers = example.raw_customers
    module.customer_count = example.customer_count
    sys.modules["api_a_defs_module"] = module
    try:
        assets = dg.load_assets_from_modules([module], group_name="crm")
    finally:
        del sys.modules["api_a_defs_module"]
    keys = {key for a in assets for key in a.keys}
    assert keys == {dg.AssetKey("raw_customers"), dg.AssetKey("customer_count")}
    assert all(a.group_names_by_key[k] == "crm" for a in assets for k in a.keys)


# --- components (definitions and utilities pages) ----------------------------


def test_component_defs_builds_the_components_assets():
    example = load_example("api/component_reference.py")
    component = example.CsvExportComponent(tables=["orders", "customers"])
    defs = dg.component_defs(component=component)
    keys = {spec.key for spec in defs.resolve_all_asset_specs()}
    assert keys == {dg.AssetKey("orders_csv"), dg.AssetKey("customers_csv")}
    result = dg.materialize([defs.resolve_assets_def("orders_csv")])
    assert result.success


def test_component_resolves_from_yaml_attributes():
    example = load_example("api/component_reference.py")
    component = example.CsvExportComponent.resolve_from_yaml("tables: [a]\ngroup_name: raw\n")
    assert component.tables == ["a"]
    assert component.group_name == "raw"


def test_model_rejects_unknown_fields():
    example = load_example("api/component_reference.py")
    import pydantic
    import pytest

    with pytest.raises(pydantic.ValidationError):
        example.CsvExportComponent(tables=[], colour="red")


def test_template_var_is_marked():
    example = load_example("api/component_reference.py")
    assert example.CsvExportComponent.default_tables() == ["orders", "customers"]


def test_file_relative_path():
    path = dg.file_relative_path(__file__, "../api/component_reference.py")
    assert os.path.exists(path)
    assert os.path.isabs(path) == os.path.isabs(__file__)


# --- repositories ------------------------------------------------------------


def test_named_repositories_hold_their_own_assets():
    example = load_example("api/repositories_reference.py")
    assert isinstance(example.finance, dg.RepositoryDefinition)
    assert example.finance.name == "finance"
    assert set(example.finance.assets_defs_by_key) == {dg.AssetKey("invoices")}
    assert set(example.people.assets_defs_by_key) == {dg.AssetKey("payroll")}


def test_repository_decorator_builds_a_repository_definition():
    example = load_example("api/repositories_reference.py")
    repo = example.legacy_repo
    assert isinstance(repo, dg.RepositoryDefinition)
    assert repo.name == "legacy_repo"
    assert repo.has_job("hello_job")
    assert repo.get_job("hello_job").execute_in_process().success
