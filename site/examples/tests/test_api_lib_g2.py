"""Tests for the API reference examples of the g2 integration libraries
(site/examples/api/libraries/): dagster-dbt, dagster-airbyte,
dagster-fivetran, dagster-census, dagster-sling and dagster-dlt.

Services are replaced by test doubles; dbt runs for real on DuckDB in a
temporary copy of the example project.
"""

from __future__ import annotations

import shutil

import dagster as dg
import pytest

from example_loader import EXAMPLES_ROOT, load_example

LIB = "api/libraries"


# --- dagster-dbt ------------------------------------------------------------


@pytest.fixture(scope="module")
def dbt_example():
    return load_example(f"{LIB}/dagster_dbt_reference.py")


def test_dbt_translator_sets_keys_and_groups(dbt_example):
    defs = dbt_example.defs
    graph = defs.resolve_asset_graph()
    keys = set(graph.get_all_asset_keys())
    assert {
        dg.AssetKey(["raw", "orders"]),
        dg.AssetKey(["dbt", "stg_orders"]),
        dg.AssetKey(["dbt", "order_totals"]),
        dg.AssetKey("order_report"),
    } <= keys
    specs = {spec.key: spec for spec in dbt_example.shop_dbt_models.specs}
    assert specs[dg.AssetKey(["dbt", "stg_orders"])].group_name == "staging"
    assert specs[dg.AssetKey(["dbt", "order_totals"])].group_name == "marts"
    # The model depends on the source asset that raw_orders produces.
    stg_deps = {dep.asset_key for dep in specs[dg.AssetKey(["dbt", "stg_orders"])].deps}
    assert stg_deps == {dbt_example.raw_orders.key}
    # The dbt test became an asset check on the model.
    check_keys = {c.asset_key for c in dbt_example.shop_dbt_models.check_specs}
    assert check_keys == {dg.AssetKey(["dbt", "order_totals"])}


def test_dbt_schedule_selects_marts_only(dbt_example):
    defs = dbt_example.defs
    schedule = defs.resolve_schedule_def("refresh_marts_schedule")
    assert schedule.cron_schedule == "0 6 * * *"
    job = defs.resolve_job_def("refresh_marts")
    assert set(job.asset_layer.selected_asset_keys) == {dg.AssetKey(["dbt", "order_totals"])}


@pytest.mark.slow
def test_dbt_assets_materialize_on_duckdb(tmp_path, monkeypatch):
    # Copy the example and its dbt project so dbt's artifacts stay out of the repo.
    root = tmp_path / "examples"
    shutil.copytree(
        EXAMPLES_ROOT / LIB,
        root / LIB,
        ignore=shutil.ignore_patterns("target", "logs", "*.duckdb", "__pycache__"),
    )
    monkeypatch.setenv("SHOP_DUCKDB_PATH", str(tmp_path / "shop.duckdb"))
    module = load_example(f"{LIB}/dagster_dbt_reference.py", root=root)
    result = dg.materialize(
        [module.raw_orders, module.shop_dbt_models, module.order_report],
        resources={"dbt": module.defs.resources["dbt"]},
    )
    assert result.success
    metadata = result.asset_materializations_for_node("order_report")[0].metadata
    assert metadata["order_count"].value == 3
    assert metadata["total_amount"].value == pytest.approx(67.75)
    checks = result.get_asset_check_evaluations()
    assert [c.passed for c in checks] == [True]


# --- dagster-fivetran -------------------------------------------------------


def _fake_fivetran_data():
    from dagster_fivetran.translator import (
        FivetranConnector,
        FivetranDestination,
        FivetranSchema,
        FivetranSchemaConfig,
        FivetranTable,
        FivetranWorkspaceData,
    )

    connector = FivetranConnector(
        id="salesforce_connector",
        name="salesforce",
        service="salesforce",
        group_id="warehouse",
        setup_state="connected",
        sync_state="scheduled",
        paused=False,
        succeeded_at=None,
        failed_at=None,
    )
    schema_config = FivetranSchemaConfig(
        schemas={
            "salesforce": FivetranSchema(
                enabled=True,
                name_in_destination="salesforce",
                tables={
                    name: FivetranTable(enabled=True, name_in_destination=name, columns=None)
                    for name in ["account", "contact"]
                },
            )
        }
    )
    return FivetranWorkspaceData(
        connectors_by_id={"salesforce_connector": connector},
        destinations_by_id={
            "warehouse": FivetranDestination(id="warehouse", database="RAW", service="snowflake")
        },
        schema_configs_by_connector_id={"salesforce_connector": schema_config},
    )


@pytest.fixture
def fivetran_example(monkeypatch):
    """Load the example against a fake account; record the config of each sync."""
    from dagster_fivetran import FivetranWorkspace

    for name in ["FIVETRAN_ACCOUNT_ID", "FIVETRAN_API_KEY", "FIVETRAN_API_SECRET"]:
        monkeypatch.setenv(name, "test")
    syncs = []

    def sync_and_poll(self, context, config=None):
        syncs.append(config)
        for key in context.selected_asset_keys:
            yield dg.MaterializeResult(asset_key=key)

    monkeypatch.setattr(
        FivetranWorkspace, "fetch_fivetran_workspace_data", lambda self: _fake_fivetran_data()
    )
    monkeypatch.setattr(FivetranWorkspace, "sync_and_poll", sync_and_poll)
    module = load_example(f"{LIB}/dagster_fivetran_reference.py")
    return module, syncs


def test_fivetran_translator_prefixes_keys(fivetran_example):
    module, _ = fivetran_example
    dg.Definitions.validate_loadable(module.defs)
    specs = {spec.key.to_user_string(): spec for spec in module.salesforce_tables.specs}
    assert set(specs) == {"fivetran/salesforce/account", "fivetran/salesforce/contact"}
    assert {spec.group_name for spec in specs.values()} == {"ingest"}
    assert module.salesforce_tables.op.name == "salesforce_sync"


def test_fivetran_sync_and_resync_job(fivetran_example):
    module, syncs = fivetran_example
    result = dg.materialize(
        [module.salesforce_tables], resources={"fivetran": module.fivetran_workspace}
    )
    assert result.success
    assert syncs[-1].resync is False
    job = module.defs.resolve_job_def("resync_salesforce_accounts")
    assert job.execute_in_process().success
    assert syncs[-1].resync is True
    assert syncs[-1].resync_parameters == {"salesforce": ["account"]}


# --- dagster-sling ----------------------------------------------------------


def test_sling_assets_keys_deps_and_disabled_streams():
    module = load_example(f"{LIB}/dagster_sling_reference.py")
    specs = {spec.key.to_user_string(): spec for spec in module.app_db_to_lake.specs}
    # The disabled stream has no asset; the translator renamed the rest.
    assert set(specs) == {"lake/raw/customers", "lake/raw/orders"}
    assert {spec.group_name for spec in specs.values()} == {"lake"}
    # Each stream still depends on its source table, keyed by the stream name.
    assert {d.asset_key.to_user_string() for d in specs["lake/raw/orders"].deps} == {
        "public/orders"
    }
    assert specs["lake/raw/orders"].kinds == {"sling"}


def test_sling_replicate_receives_the_selection(monkeypatch):
    from dagster_sling import SlingResource

    module = load_example(f"{LIB}/dagster_sling_reference.py")
    calls = []

    class FakeIterator:
        """Stands in for the SlingEventIterator that replicate() returns."""

        def __init__(self, context):
            self.context = context

        def fetch_row_count(self):
            for key in sorted(self.context.selected_asset_keys):
                yield dg.MaterializeResult(asset_key=key, metadata={"dagster/row_count": 1})

    def replicate(self, *, context, replication_config=None, dagster_sling_translator=None,
                  debug=False, stream=False):
        calls.append(sorted(k.to_user_string() for k in context.selected_asset_keys))
        return FakeIterator(context)

    monkeypatch.setattr(SlingResource, "replicate", replicate)
    monkeypatch.setenv("APP_DB_URL", "postgresql://app@localhost/app")
    monkeypatch.setenv("LAKE_DUCKDB_PATH", "/tmp/lake.duckdb")
    result = dg.materialize(
        [module.app_db_to_lake],
        resources={"sling": module.sling},
        selection=[dg.AssetKey(["lake", "raw", "orders"])],
    )
    assert result.success
    assert calls == [["lake/raw/orders"]]


# --- dagster-dlt ------------------------------------------------------------


def test_dlt_translator_keys_and_deps():
    module = load_example(f"{LIB}/dagster_dlt_reference.py")
    specs = {s.key.to_user_string(): s for s in module.weather_tables.specs}
    assert set(specs) == {"weather/stations", "weather/readings"}
    assert {d.asset_key for d in specs["weather/stations"].deps} == {dg.AssetKey("weather_stations")}
    assert {d.asset_key for d in specs["weather/readings"].deps} == {
        dg.AssetKey(["weather", "stations"])
    }
    assert specs["weather/stations"].kinds == {"dlt", "duckdb"}
    # The default description is the resource function's docstring.
    assert specs["weather/stations"].description == "Weather stations, one row each."


@pytest.mark.slow
def test_dlt_assets_load_into_duckdb(tmp_path, monkeypatch):
    import duckdb
    import importlib.util
    import sys

    from dagster_dlt import DagsterDltResource

    # dlt resolves the DuckDB path and its state folder from the working directory.
    monkeypatch.setenv("DLT_DATA_DIR", str(tmp_path / "dlt_data"))
    monkeypatch.chdir(tmp_path)
    path = EXAMPLES_ROOT / LIB / "dagster_dlt_reference.py"
    spec = importlib.util.spec_from_file_location("g2_dlt_reference", path)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)

    result = dg.materialize([module.weather_tables], resources={"dlt": DagsterDltResource()})
    assert result.success
    keys = {
        e.materialization.asset_key.to_user_string()
        for e in result.get_asset_materialization_events()
    }
    assert keys == {"weather/stations", "weather/readings"}
    with duckdb.connect(str(tmp_path / "weather.duckdb")) as conn:
        assert conn.execute("select count(*) from raw.stations").fetchone()[0] == 2
        assert conn.execute("select count(*) from raw.readings").fetchone()[0] == 2


# --- dagster-census ---------------------------------------------------------


def _fake_census(status):
    """A CensusResource whose trigger_sync_and_poll returns a canned run."""
    from dagster_census import CensusOutput, CensusResource

    class FakeCensus(CensusResource):
        def trigger_sync_and_poll(self, sync_id, force_full_sync=False, poll_interval=10,
                                  poll_timeout=None):
            assert sync_id == 42 and poll_interval == 30
            return CensusOutput(
                sync_run={"id": 7, "status": status, "records_updated": 120},
                source={"name": "warehouse"},
                destination={"name": "Salesforce"},
            )

    return FakeCensus(api_key="test")


def test_census_asset_records_the_sync_run():
    module = load_example(f"{LIB}/dagster_census_reference.py")
    result = dg.materialize(
        [module.contacts_to_salesforce], resources={"census": _fake_census("completed")}
    )
    assert result.success
    metadata = result.asset_materializations_for_node("contacts_to_salesforce")[0].metadata
    assert metadata["records_updated"].value == 120
    assert metadata["destination"].value == "Salesforce"


def test_census_asset_fails_on_failed_run():
    module = load_example(f"{LIB}/dagster_census_reference.py")
    result = dg.materialize(
        [module.contacts_to_salesforce],
        resources={"census": _fake_census("failed")},
        raise_on_error=False,
    )
    assert not result.success


# --- dagster-airbyte --------------------------------------------------------


def _airbyte_connection(connection_id, name, streams):
    """What Airbyte's configuration API returns for a connection."""
    return {
        "connectionId": connection_id,
        "name": name,
        "destinationId": "warehouse",
        "prefix": None,
        "syncCatalog": {
            "streams": [
                {
                    "stream": {"name": stream, "jsonSchema": {"properties": {"id": {"type": "integer"}}}},
                    "config": {"selected": True},
                }
                for stream in streams
            ]
        },
    }


@pytest.fixture
def airbyte_example(monkeypatch):
    from dagster_airbyte.resources import BaseAirbyteWorkspace
    from dagster_airbyte.translator import (
        AirbyteConnection,
        AirbyteDestination,
        AirbyteWorkspaceData,
    )

    for name in ["AIRBYTE_WORKSPACE_ID", "AIRBYTE_CLIENT_ID", "AIRBYTE_CLIENT_SECRET"]:
        monkeypatch.setenv(name, "test")

    def fetch_workspace_data(self):
        connections = [
            AirbyteConnection.from_connection_details(
                _airbyte_connection("c1", "Shop DB", ["orders", "customers"])
            ),
            AirbyteConnection.from_connection_details(
                _airbyte_connection("c2", "sandbox copy", ["scratch"])
            ),
        ]
        destination = AirbyteDestination.from_destination_details(
            {
                "destinationId": "warehouse",
                "destinationType": "postgres",
                "configuration": {"database": "analytics", "schema": "public"},
            }
        )
        return AirbyteWorkspaceData(
            connections_by_id={c.id: c for c in connections},
            destinations_by_id={destination.id: destination},
        )

    synced = []

    def sync_and_poll(self, context):
        synced.append(sorted(k.to_user_string() for k in context.selected_asset_keys))
        for key in context.selected_asset_keys:
            yield dg.MaterializeResult(asset_key=key)

    monkeypatch.setattr(BaseAirbyteWorkspace, "fetch_airbyte_workspace_data", fetch_workspace_data)
    monkeypatch.setattr(BaseAirbyteWorkspace, "sync_and_poll", sync_and_poll)
    return load_example(f"{LIB}/dagster_airbyte_reference.py"), synced


def test_airbyte_assets_from_selected_connections(airbyte_example):
    module, synced = airbyte_example
    dg.Definitions.validate_loadable(module.defs)
    specs = {s.key.to_user_string(): s for a in module.airbyte_assets for s in a.specs}
    # The sandbox connection is left out; the translator adds the prefix and group.
    assert set(specs) == {"raw/orders", "raw/customers"}
    assert {s.group_name for s in specs.values()} == {"shop_db"}
    assert {"airbyte", "postgres"} <= specs["raw/orders"].kinds
    result = dg.materialize(
        [*module.airbyte_assets, module.order_summary],
        resources={"airbyte": module.airbyte_workspace},
    )
    assert result.success
    assert synced == [["raw/customers", "raw/orders"]]


# --- lists on the pages that must match the packages -------------------------


def _entry_text(page: str, name: str) -> str:
    import re

    text = (EXAMPLES_ROOT.parent / "docs/api/python-api/libraries" / page).read_text()
    match = re.search(rf'<ApiEntry name="{re.escape(name)}">(.*?)</ApiEntry>', text, re.S)
    assert match, name
    return match.group(1)


@pytest.mark.parametrize(
    ("page", "name", "enum_path"),
    [
        ("dagster-sling.md", "dagster_sling.SlingMode", "dagster_sling.SlingMode"),
        ("dagster-airbyte.md", "dagster_airbyte.AirbyteJobStatusType",
         "dagster_airbyte.AirbyteJobStatusType"),
        ("dagster-airbyte.md", "dagster_airbyte.AirbyteDestinationNamespace",
         "dagster_airbyte.AirbyteDestinationNamespace"),
    ],
)
def test_enum_members_listed_on_pages(page, name, enum_path):
    import importlib
    import re

    module_name, attr = enum_path.rsplit(".", 1)
    enum_cls = getattr(importlib.import_module(module_name), attr)
    listed = set(re.findall(r"`([A-Z][A-Z_]+)`", _entry_text(page, name)))
    assert listed == {member.name for member in enum_cls}


def test_include_metadata_values_listed_on_pages():
    import re
    import typing

    from dagster_dbt.components.dbt_project.component import DbtMetadataAddons
    from dagster_fivetran.components.workspace_component.component import FivetranMetadataAddons
    from dagster_sling.components.sling_replication_collection.component import (
        SlingMetadataAddons,
    )

    cases = [
        ("dagster-dbt.md", "dagster_dbt.DbtProjectComponent", DbtMetadataAddons),
        ("dagster-fivetran.md", "dagster_fivetran.FivetranAccountComponent", FivetranMetadataAddons),
        ("dagster-sling.md", "dagster_sling.SlingReplicationSpecModel", SlingMetadataAddons),
    ]
    for page, name, alias in cases:
        param = re.search(r'<Param name="include_metadata">(.*?)</Param>', _entry_text(page, name))
        listed = set(re.findall(r"`([a-z_]+)`", param.group(1)))
        assert listed == set(typing.get_args(alias)), name
