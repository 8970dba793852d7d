"""Tests for the examples of the Build > Assets guides (site/docs/guides/build/assets/)."""

import json

import pytest
from dagster_duckdb import DuckDBResource
from example_loader import load_example

import dagster as dg
from dagster._core.definitions.observe import observe

BASE = "guides/build/assets"


def keys_of(keys) -> set[str]:
    return {key.to_user_string() for key in keys}


def materialized(result) -> dict[str, dict]:
    return {
        event.asset_key.to_user_string(): dict(event.materialization.metadata)
        for event in result.get_asset_materialization_events()
    }


# --- defining assets ------------------------------------------------------


def test_defining_assets_keys_and_values():
    mod = load_example(f"{BASE}/defining_assets.py")
    graph = mod.defs.resolve_asset_graph()
    assert keys_of(graph.get_all_asset_keys()) == {
        "daily_orders",
        "finance/revenue_by_customer",
        "finance/reports/top_customer",
        "crm_accounts",
        "crm_contacts",
        "small_orders",
        "large_orders",
        "exchange_rates",
    }
    top = graph.get(dg.AssetKey(["finance", "reports", "top_customer"]))
    assert keys_of(top.parent_keys) == {"finance/revenue_by_customer"}

    result = dg.materialize(
        [
            mod.daily_orders,
            mod.revenue_by_customer,
            mod.top_customer,
            mod.crm_export,
            mod.split_orders,
            mod.exchange_rates,
        ]
    )
    assert result.success
    assert [row["order_id"] for row in result.asset_value("large_orders")] == [1]
    assert len(result.asset_value("small_orders")) == 2
    assert result.asset_value(["finance", "revenue_by_customer"]) == {
        "acme": 150.0,
        "globex": 75.5,
    }
    assert result.asset_value(["finance", "reports", "top_customer"]) == "acme"
    assert result.asset_value("exchange_rates") == {"EUR": 0.92, "GBP": 0.79}
    metadata = materialized(result)
    assert metadata["crm_accounts"]["row_count"].value == 2
    assert metadata["crm_contacts"]["row_count"].value == 1


def test_defining_assets_attributes():
    mod = load_example(f"{BASE}/defining_assets.py")
    spec = next(iter(mod.revenue_by_customer.specs))
    assert spec.group_name == "finance"
    assert spec.code_version == "1"
    assert spec.owners == ["team:finance", "ana@example.com"]
    assert spec.kinds == {"python"}
    assert spec.tags["domain"] == "sales"
    assert spec.metadata["currency"] == "USD"


# --- dependencies ---------------------------------------------------------


def test_asset_dependencies(tmp_path):
    mod = load_example(f"{BASE}/asset_dependencies.py")
    mod.DATA_DIR = tmp_path / "data"
    graph = mod.defs.resolve_asset_graph()
    assert keys_of(graph.get(dg.AssetKey("purchase_events")).parent_keys) == {"raw_events"}
    assert keys_of(graph.get(dg.AssetKey("purchases_per_user")).parent_keys) == {
        "purchase_events",
        "crm/accounts",
    }
    assert keys_of(graph.get(dg.AssetKey("signup_preview")).parent_keys) == {"signups"}

    result = dg.materialize(
        [
            mod.raw_events,
            mod.purchase_events,
            mod.signups,
            mod.signup_count,
            mod.signup_preview,
            mod.purchases_per_user,
            mod.crm_accounts,
        ]
    )
    assert result.success
    assert result.asset_value("signup_count") == 3
    assert result.asset_value("signup_preview") == "u1, u2"
    assert materialized(result)["purchases_per_user"]["buyers"].value == 2
    assert len(json.loads((tmp_path / "data" / "purchase_events.json").read_text())) == 2


# --- passing data ---------------------------------------------------------


def test_passing_data_with_io_manager(tmp_path):
    mod = load_example(f"{BASE}/passing_data_io_manager.py")
    io_manager = dg.FilesystemIOManager(base_dir=str(tmp_path / "storage"))
    result = dg.materialize(
        [mod.temperatures, mod.warm_days], resources={"io_manager": io_manager}
    )
    assert result.success
    assert result.asset_value("warm_days") == 2
    assert (tmp_path / "storage" / "temperatures").exists()


def test_passing_data_explicitly(tmp_path):
    mod = load_example(f"{BASE}/passing_data_explicit.py")
    duckdb = DuckDBResource(database=str(tmp_path / "weather.duckdb"))
    result = dg.materialize(
        [mod.readings, mod.station_averages], resources={"duckdb": duckdb}
    )
    assert result.success
    metadata = materialized(result)
    assert metadata["readings"]["dagster/row_count"].value == 4
    assert metadata["station_averages"]["dagster/row_count"].value == 2
    assert "north" in metadata["station_averages"]["preview"].value


# --- asset jobs and selections ---------------------------------------------


def test_asset_jobs_select_and_run():
    mod = load_example(f"{BASE}/asset_jobs.py")
    expected = {
        "sales_job": {"orders", "order_totals"},
        "report_job": {"orders", "order_totals", "campaigns", "campaign_report"},
        "campaigns_job": {"campaigns"},
    }
    for name, keys in expected.items():
        job = mod.defs.resolve_job_def(name)
        assert keys_of(job.asset_layer.executable_asset_keys) == keys
    result = mod.defs.resolve_job_def("report_job").execute_in_process()
    assert result.success
    assert result.asset_value("campaign_report") == "2 campaigns, 100.00 in sales"


SELECTIONS = {
    "key:customer_orders": {"customer_orders"},
    'key:"raw/*"': {"raw/orders", "raw/customers"},
    "key:raw/orders": {"raw/orders"},
    'key:"*orders*"': {"raw/orders", "customer_orders"},
    "tag:tier=gold": {"revenue_dashboard"},
    'owner:"team:platform"': {"raw/orders", "raw/customers"},
    "group:analytics": {"revenue_dashboard", "churn_model"},
    "kind:sql": {"customer_orders"},
    "+key:revenue_dashboard": {
        "raw/orders",
        "raw/customers",
        "customer_orders",
        "revenue_dashboard",
    },
    "1+key:revenue_dashboard": {"customer_orders", "revenue_dashboard"},
    "key:customer_orders+": {"customer_orders", "revenue_dashboard", "churn_model"},
    "key:raw/orders+1": {"raw/orders", "customer_orders"},
    "+key:customer_orders+": {
        "raw/orders",
        "raw/customers",
        "customer_orders",
        "revenue_dashboard",
        "churn_model",
    },
    "sinks(*)": {"revenue_dashboard", "churn_model"},
    "roots(*)": {"raw/orders", "raw/customers"},
    "roots(+key:churn_model)": {"raw/orders", "raw/customers"},
    "group:transform or group:analytics": {
        "customer_orders",
        "revenue_dashboard",
        "churn_model",
    },
    "not group:ingest": {"customer_orders", "revenue_dashboard", "churn_model"},
    "kind:duckdb and tag:tier=silver": {"customer_orders"},
    "(group:ingest or kind:pandas) and not tag:tier=bronze": {"revenue_dashboard"},
    "customer_orders": {"customer_orders"},
    "+(group:analytics)": {
        "raw/orders",
        "raw/customers",
        "customer_orders",
        "revenue_dashboard",
        "churn_model",
    },
    "partitions:none": {
        "raw/orders",
        "raw/customers",
        "customer_orders",
        "revenue_dashboard",
        "churn_model",
    },
    "*": {
        "raw/orders",
        "raw/customers",
        "customer_orders",
        "revenue_dashboard",
        "churn_model",
    },
    "is:materializable": {
        "raw/orders",
        "raw/customers",
        "customer_orders",
        "revenue_dashboard",
        "churn_model",
    },
}


@pytest.mark.parametrize("selection", sorted(SELECTIONS))
def test_selection_strings(selection):
    mod = load_example(f"{BASE}/asset_selection.py")
    graph = mod.defs.resolve_asset_graph()
    resolved = dg.AssetSelection.from_string(selection).resolve(graph)
    assert keys_of(resolved) == SELECTIONS[selection]


def test_selection_jobs_match_python_api():
    mod = load_example(f"{BASE}/asset_selection.py")
    for name in ["dashboard_job", "raw_orders_job", "ana_job"]:
        by_string = mod.defs.resolve_job_def(name).asset_layer.executable_asset_keys
        by_python = mod.defs.resolve_job_def(f"{name}_py").asset_layer.executable_asset_keys
        assert by_string == by_python
    ana = mod.defs.resolve_job_def("ana_job").asset_layer.executable_asset_keys
    assert keys_of(ana) == {"churn_model"}


def test_code_location_selection_is_ui_only():
    mod = load_example(f"{BASE}/asset_selection.py")
    graph = mod.defs.resolve_asset_graph()
    with pytest.raises(Exception):
        dg.AssetSelection.from_string("code_location:my_project").resolve(graph)


# --- versioning -------------------------------------------------------------


def test_versioning_tags(tmp_path):
    mod = load_example(f"{BASE}/versioning.py")
    mod.PRICES_FILE = tmp_path / "prices.csv"
    mod.PRICES_FILE.write_text("sku,price\na,1.5\nb,4.0\n")

    observation = observe([mod.vendor_prices])
    tags = observation.get_asset_observation_events()[0].asset_observation_data
    version = tags.asset_observation.tags["dagster/data_version"]
    assert version != "missing" and len(version) == 16

    instance = dg.DagsterInstance.ephemeral()
    result = dg.materialize(
        [mod.vendor_prices, mod.cleaned_prices, mod.max_price, mod.currency_table],
        selection=[mod.cleaned_prices, mod.max_price, mod.currency_table],
        instance=instance,
    )
    assert result.success
    assert result.asset_value("max_price") == 4.0
    events = {
        event.asset_key.to_user_string(): event.materialization.tags
        for event in result.get_asset_materialization_events()
    }
    assert events["cleaned_prices"]["dagster/code_version"] == "v1"
    assert events["max_price"]["dagster/code_version"] == "v2"
    assert events["currency_table"]["dagster/data_version_is_user_provided"] == "true"
    first = events["currency_table"]["dagster/data_version"]

    again = dg.materialize([mod.currency_table], instance=instance)
    second = again.get_asset_materialization_events()[0].materialization.tags
    assert second["dagster/data_version"] == first

    # Same code version and same inputs: the computed data version does not change.
    cleaned_first = events["cleaned_prices"]["dagster/data_version"]
    rerun = dg.materialize(
        [mod.vendor_prices, mod.cleaned_prices],
        selection=[mod.cleaned_prices],
        instance=instance,
    )
    rerun_tags = rerun.get_asset_materialization_events()[0].materialization.tags
    assert rerun_tags["dagster/data_version"] == cleaned_first


def test_observe_job_records_observation(tmp_path):
    mod = load_example(f"{BASE}/versioning.py")
    mod.PRICES_FILE = tmp_path / "missing.csv"
    result = mod.defs.resolve_job_def("observe_prices_job").execute_in_process()
    assert result.success
    event = result.get_asset_observation_events()[0]
    assert event.asset_observation_data.asset_observation.tags["dagster/data_version"] == "missing"


# --- configuration ----------------------------------------------------------


def test_configuring_assets():
    mod = load_example(f"{BASE}/configuring_assets.py")
    result = dg.materialize(
        [mod.sales_history, mod.sales_forecast, mod.forecast_export],
        run_config=dg.RunConfig(
            ops={
                "sales_forecast": mod.ForecastConfig(horizon_days=3),
                "forecast_export": mod.ExportConfig(destination="local"),
            }
        ),
    )
    assert result.asset_value("sales_forecast") == [110.0, 110.0, 110.0]
    assert result.asset_value("forecast_export") == "3 rows sent to local"

    job_result = mod.defs.resolve_job_def("forecast_job").execute_in_process()
    assert len(job_result.asset_value("sales_forecast")) == 14


def test_required_config_is_enforced():
    mod = load_example(f"{BASE}/configuring_assets.py")
    with pytest.raises(dg.DagsterInvalidConfigError):
        dg.materialize([mod.sales_history, mod.sales_forecast, mod.forecast_export])


# --- factories --------------------------------------------------------------


def test_asset_factory_keys_and_runs(tmp_path):
    mod = load_example(f"{BASE}/asset_factories.py")
    graph = mod.defs.resolve_asset_graph()
    assert keys_of(graph.get_all_asset_keys()) == {
        "months",
        "hours",
        "weekdays",
        "squares",
        "fiscal_quarters",
    }
    by_key = {asset.key.to_user_string(): next(iter(asset.specs)) for asset in mod.yaml_assets}
    assert by_key["squares"].group_name == "math"
    assert by_key["weekdays"].group_name == "reference"
    assert by_key["fiscal_quarters"].owners == ["team:finance"]

    duckdb = DuckDBResource(database=str(tmp_path / "factory.duckdb"))
    result = dg.materialize([mod.months, mod.hours, *mod.yaml_assets], resources={"duckdb": duckdb})
    rows = {key: meta["dagster/row_count"].value for key, meta in materialized(result).items()}
    assert rows == {"months": 12, "hours": 24, "weekdays": 5, "squares": 5, "fiscal_quarters": 4}


def test_factory_dependencies(tmp_path):
    mod = load_example(f"{BASE}/factory_dependencies.py")
    graph = mod.defs.resolve_asset_graph()
    parents = {
        key.to_user_string(): keys_of(graph.get(key).parent_keys)
        for key in graph.get_all_asset_keys()
    }
    assert parents["warehouse/sales_by_region"] == {"warehouse/sales", "warehouse/stores"}
    assert parents["regional_report"] == {"warehouse/sales_by_region"}
    assert parents["clean/erp"] == {"landing/erp"}
    assert parents["clean/web"] == {"landing/web"}

    duckdb = DuckDBResource(database=str(tmp_path / "company.duckdb"))
    result = dg.materialize(
        [*mod.warehouse_assets, mod.regional_report, *mod.ingest_assets],
        resources={"duckdb": duckdb},
    )
    assert result.success
    assert materialized(result)["regional_report"]["summary"].value == "north: 150, south: 80"
    assert result.asset_value(["clean", "web"]) == [42, 7]


def test_factory_rejects_unknown_dependency(tmp_path):
    mod = load_example(f"{BASE}/factory_dependencies.py")
    config = tmp_path / "bad.yaml"
    config.write_text("tables:\n  - name: a\n    sql: select 1\n    deps: [nope]\n")
    with pytest.raises(ValueError, match="unknown tables"):
        mod.load_warehouse(config)


# --- external assets ----------------------------------------------------------


def test_external_asset_sensor(tmp_path):
    mod = load_example(f"{BASE}/external_assets.py")
    mod.LANDING_DIR = tmp_path
    (tmp_path / "invoices_2024_06_01.json").write_text(json.dumps({"rows": 42}))
    with dg.instance_for_test() as instance:
        first = mod.invoice_file_sensor(dg.build_sensor_context(instance=instance))
        assert len(first.asset_events) == 1
        event = first.asset_events[0]
        assert event.asset_key == dg.AssetKey(["vendor", "invoices"])
        assert event.metadata["dagster/row_count"].value == 42

        second = mod.invoice_file_sensor(
            dg.build_sensor_context(instance=instance, cursor=first.cursor)
        )
        assert second.skip_reason is not None
        assert not second.asset_events


def test_external_asset_graph():
    mod = load_example(f"{BASE}/external_assets.py")
    graph = mod.defs.resolve_asset_graph()
    billing = graph.get(dg.AssetKey(["warehouse", "billing"]))
    assert not billing.is_materializable
    assert keys_of(billing.parent_keys) == {"vendor/invoices"}
    assert keys_of(graph.get(dg.AssetKey("overdue_invoices")).parent_keys) == {"warehouse/billing"}


def test_report_runless_materialization():
    mod = load_example(f"{BASE}/report_external_materialization.py")
    with dg.instance_for_test() as instance:
        mod.report_billing_load(instance, rows_loaded=7)
        event = instance.get_latest_materialization_event(dg.AssetKey(["warehouse", "billing"]))
        assert event is not None
        assert event.asset_materialization.metadata["dagster/row_count"].value == 7


# --- metadata and tags ----------------------------------------------------------


def test_definition_and_runtime_metadata():
    mod = load_example(f"{BASE}/metadata_and_tags/definition_metadata.py")
    spec = next(iter(mod.accounts.specs))
    assert spec.metadata["source_system"] == "salesforce"
    assert spec.metadata["runbook"].value == "https://wiki.example.com/runbooks/accounts"

    result = dg.materialize(
        [mod.accounts, mod.plan_summary, mod.pro_accounts, mod.free_accounts]
    )
    metadata = materialized(result)
    assert metadata["plan_summary"]["dagster/row_count"].value == 2
    assert metadata["plan_summary"]["counts"].value == {"pro": 2, "free": 1}
    assert metadata["pro_accounts"]["num_pro_accounts"].value == 2
    assert metadata["free_accounts"]["num_free_accounts"].value == 1
    assert result.asset_value("free_accounts") == [{"id": 2, "name": "globex", "plan": "free"}]


def test_asset_observations(tmp_path):
    mod = load_example(f"{BASE}/metadata_and_tags/asset_observations.py")
    mod.EXPORT_FILE = tmp_path / "customers.csv"
    mod.EXPORT_FILE.write_text("id\n1\n2\n3\n")

    result = mod.defs.resolve_job_def("observe_exports_job").execute_in_process()
    observed = result.get_asset_observation_events()[0].asset_observation_data.asset_observation
    assert observed.metadata["dagster/row_count"].value == 3

    result = dg.materialize([mod.customer_snapshot])
    logged = result.get_asset_observation_events()[0]
    assert logged.asset_key == dg.AssetKey("customer_export")
    assert logged.asset_observation_data.asset_observation.metadata["rows_read"].value == 2

    with dg.instance_for_test() as instance:
        mod.report_disk_usage(instance)
        records = instance.fetch_observations(dg.AssetKey("customer_export"), limit=1).records
        assert records[0].asset_observation.metadata["size_bytes"].value > 0


def test_column_lineage():
    mod = load_example(f"{BASE}/metadata_and_tags/column_lineage.py")
    result = dg.materialize([mod.customer_spend])
    metadata = materialized(result)["customer_spend"]
    lineage = metadata["dagster/column_lineage"].value
    assert set(lineage.deps_by_column) == {"user_id", "full_name", "country", "total_spend"}
    assert {dep.column_name for dep in lineage.deps_by_column["full_name"]} == {
        "first_name",
        "last_name",
    }
    schema = metadata["dagster/column_schema"].value
    assert [column.name for column in schema.columns][-1] == "total_spend"


def test_kind_tags():
    mod = load_example(f"{BASE}/metadata_and_tags/kind_tags.py")
    spec = next(iter(mod.lead_scores.specs))
    assert spec.kinds == {"snowflake", "sql"}
    assert spec.tags["dagster/kind/snowflake"] == ""
    job = mod.defs.resolve_job_def("snowflake_job")
    assert keys_of(job.asset_layer.executable_asset_keys) == {"lead_scores"}
    graph = mod.defs.resolve_asset_graph()
    assert keys_of(dg.AssetSelection.kind("bigquery").resolve(graph)) == {"ad_spend", "ad_clicks"}


def test_table_metadata():
    mod = load_example(f"{BASE}/metadata_and_tags/table_metadata.py")
    spec = next(iter(mod.products.specs))
    schema = spec.metadata["dagster/column_schema"]
    product_id = schema.columns[0]
    assert product_id.constraints.nullable is False and product_id.constraints.unique is True
    assert spec.metadata["dagster/table_name"] == "analytics.main.products"

    result = dg.materialize([mod.products, mod.price_bands])
    metadata = materialized(result)["price_bands"]
    assert metadata["dagster/row_count"].value == 3
    assert [c.name for c in metadata["dagster/column_schema"].value.columns] == [
        "band",
        "min_price",
        "products",
    ]
    assert len(metadata["preview"].records) == 3


def test_tags():
    mod = load_example(f"{BASE}/metadata_and_tags/tags.py")
    job = mod.defs.resolve_job_def("marketing_job")
    assert keys_of(job.asset_layer.executable_asset_keys) == {
        "email_subscribers",
        "subscriber_count",
    }
    assert job.tags == {"team": "growth"}
    with dg.instance_for_test() as instance:
        result = job.execute_in_process(instance=instance)
        run_tags = instance.get_run_by_id(result.run_id).tags
    assert run_tags["cost_center"] == "cc-042"
    assert "team" not in run_tags
    graph = mod.defs.resolve_asset_graph()
    assert keys_of(dg.AssetSelection.tag("pii", "").resolve(graph)) == {"email_subscribers"}
