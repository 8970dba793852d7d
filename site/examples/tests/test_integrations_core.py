"""Tests for the integration library examples (site/examples/integrations/...).

None of these tests talks to a real service: each one swaps the service's
client for a small test double and checks that the example's definitions load
and that its assets do what the docs say they do.
"""

from __future__ import annotations

import hashlib
import json
import pickle
from types import SimpleNamespace

import dagster as dg
import numpy as np
import pytest
from example_loader import definitions_of, load_example, validate

# --- helpers --------------------------------------------------------------


def materializations(result: dg.ExecuteInProcessResult) -> dict[str, dict]:
    """Metadata of every asset materialization in a run, by asset key string."""
    found = {}
    for event in result.get_asset_materialization_events():
        mat = event.event_specific_data.materialization
        found[mat.asset_key.to_user_string()] = {k: v.value for k, v in mat.metadata.items()}
    return found


def check_loads(module) -> list[dg.Definitions]:
    defs_list = definitions_of(module)
    assert defs_list
    for defs in defs_list:
        validate(defs)
    return defs_list


# --- Airbyte --------------------------------------------------------------

AIRBYTE_ENV = {
    "AIRBYTE_CLOUD_WORKSPACE_ID": "ws-123",
    "AIRBYTE_CLOUD_CLIENT_ID": "client",
    "AIRBYTE_CLOUD_CLIENT_SECRET": "secret",
    "AIRBYTE_WORKSPACE_ID": "ws-456",
    "AIRBYTE_CLIENT_ID": "client",
    "AIRBYTE_CLIENT_SECRET": "secret",
    # airbyte_quickstart.py
    "ETL_AIRBYTE_WORKSPACE": "ws-789",
    "ETL_AIRBYTE_APP_ID": "app-id",
    "ETL_AIRBYTE_APP_SECRET": "app-secret",
}

WAREHOUSE_CONNECTION_ID = "7f3c1d2e-5b6a-4c8d-9e0f-1a2b3c4d5e6f"


def airbyte_connection_details(connection_id: str, name: str, prefix: str | None = None) -> dict:
    """What Airbyte's configuration API returns for a connection."""
    return {
        "connectionId": connection_id,
        "name": name,
        "destinationId": "dest-1",
        "prefix": prefix,
        "syncCatalog": {
            "streams": [
                {
                    "stream": {
                        "name": "orders",
                        "jsonSchema": {
                            "properties": {"id": {"type": "integer"}, "total": {"type": "number"}}
                        },
                    },
                    "config": {"selected": True},
                },
                {
                    "stream": {
                        "name": "customers",
                        "jsonSchema": {"properties": {"id": {"type": "integer"}}},
                    },
                    "config": {"selected": True},
                },
                {
                    "stream": {"name": "audit_log", "jsonSchema": {}},
                    "config": {"selected": False},
                },
            ]
        },
    }


class FakeAirbyteClient:
    """Stands in for dagster_airbyte's AirbyteClient during a sync."""

    def __init__(self):
        self.synced = []

    def sync_and_poll(self, connection_id: str):
        from dagster_airbyte import AirbyteOutput

        self.synced.append(connection_id)
        return AirbyteOutput(
            job_details={"jobId": 1, "status": "succeeded"},
            connection_details=airbyte_connection_details(connection_id, "Postgres to Warehouse"),
        )


@pytest.fixture
def fake_airbyte(monkeypatch):
    """Replace the Airbyte API: canned workspace metadata and a fake sync client."""
    from dagster_airbyte import AirbyteCloudWorkspace, AirbyteWorkspace
    from dagster_airbyte.resources import BaseAirbyteWorkspace
    from dagster_airbyte.translator import (
        AirbyteConnection,
        AirbyteDestination,
        AirbyteWorkspaceData,
    )

    for name, value in AIRBYTE_ENV.items():
        monkeypatch.setenv(name, value)

    def fetch_workspace_data(self):
        connections = [
            AirbyteConnection.from_connection_details(
                airbyte_connection_details(WAREHOUSE_CONNECTION_ID, "Postgres to Warehouse")
            ),
            AirbyteConnection.from_connection_details(
                airbyte_connection_details("conn-test", "test_new_source", prefix="test_")
            ),
        ]
        destination = AirbyteDestination.from_destination_details(
            {
                "destinationId": "dest-1",
                "destinationType": "snowflake",
                "configuration": {"database": "ANALYTICS", "schema": "RAW"},
            }
        )
        return AirbyteWorkspaceData(
            connections_by_id={c.id: c for c in connections},
            destinations_by_id={destination.id: destination},
        )

    client = FakeAirbyteClient()
    monkeypatch.setattr(BaseAirbyteWorkspace, "fetch_airbyte_workspace_data", fetch_workspace_data)
    monkeypatch.setattr(AirbyteCloudWorkspace, "get_client", lambda self: client)
    monkeypatch.setattr(AirbyteWorkspace, "get_client", lambda self: client)
    return client


def test_airbyte_quickstart(fake_airbyte):
    from dagster_airbyte import AirbyteCloudWorkspace

    example = load_example("integrations/airbyte/airbyte_quickstart.py")
    (defs,) = check_loads(example)
    # The workspace reads the three variables the page tells readers to set.
    workspace = example.cloud_workspace_from_env()
    assert isinstance(workspace, AirbyteCloudWorkspace)
    assert (workspace.workspace_id, workspace.client_id, workspace.client_secret) == (
        dg.EnvVar("ETL_AIRBYTE_WORKSPACE"),
        dg.EnvVar("ETL_AIRBYTE_APP_ID"),
        dg.EnvVar("ETL_AIRBYTE_APP_SECRET"),
    )
    # Registered under the key the generated assets ask for.
    assert set(defs.resources) == {"airbyte"}
    assert isinstance(defs.resources["airbyte"], AirbyteCloudWorkspace)
    by_name = {a.node_def.name: a for a in defs.assets}
    assert set(by_name) == {"airbyte_postgres_to_warehouse", "airbyte_test_new_source"}
    connection_assets_def = by_name["airbyte_postgres_to_warehouse"]
    assert {k.to_user_string() for k in connection_assets_def.keys} == {"orders", "customers"}
    # The stream prefix of a connection becomes part of its asset keys.
    test_keys = {k.to_user_string() for k in by_name["airbyte_test_new_source"].keys}
    assert test_keys == {"test_orders", "test_customers"}
    result = dg.materialize([connection_assets_def], resources=dict(defs.resources))
    assert result.success
    assert fake_airbyte.synced == [WAREHOUSE_CONNECTION_ID]
    assert set(materializations(result)) == {"orders", "customers"}


def test_airbyte_cloud_builds_assets_from_workspace(fake_airbyte):
    example = load_example("integrations/airbyte/airbyte_cloud.py")
    check_loads(example)

    specs = {spec.key.to_user_string(): spec for a in example.airbyte_assets for spec in a.specs}
    # Unselected streams and connections named test_* are left out.
    assert set(specs) == {"raw/orders", "raw/customers"}
    orders = specs["raw/orders"]
    assert orders.group_name == "postgres_to_warehouse"
    assert orders.tags["layer"] == "raw"
    assert {"airbyte", "snowflake"} <= orders.kinds
    assert example.airbyte_sync_schedule.cron_schedule == "0 */6 * * *"


def test_airbyte_cloud_sync_materializes_tables(fake_airbyte):
    example = load_example("integrations/airbyte/airbyte_cloud.py")
    result = dg.materialize(example.airbyte_assets, resources={"airbyte": example.airbyte_workspace})
    assert result.success
    assert fake_airbyte.synced == [WAREHOUSE_CONNECTION_ID]
    assert set(materializations(result)) == {"raw/orders", "raw/customers"}


def test_airbyte_oss_decorator_and_downstream(fake_airbyte):
    example = load_example("integrations/airbyte/airbyte_oss.py")
    check_loads(example)
    assert {k.to_user_string() for k in example.postgres_to_warehouse.keys} == {
        "orders",
        "customers",
    }
    result = dg.materialize(
        [example.postgres_to_warehouse, example.orders_per_customer],
        resources={"airbyte": example.airbyte_workspace},
    )
    assert result.success
    assert set(materializations(result)) == {"orders", "customers", "orders_per_customer"}


# --- Anthropic --------------------------------------------------------------


class FakeMessages:
    def __init__(self):
        self.calls = []

    def create(self, **kwargs):
        self.calls.append(kwargs)
        return SimpleNamespace(
            content=[SimpleNamespace(text="Customers like the battery; the app needs work.")],
            usage=SimpleNamespace(
                input_tokens=120,
                output_tokens=18,
                cache_creation_input_tokens=None,
                cache_read_input_tokens=None,
            ),
        )


class FakeAnthropicClient:
    def __init__(self):
        self.messages = FakeMessages()

    def close(self):
        pass


def test_anthropic_summary_records_usage():
    from dagster_anthropic import AnthropicResource

    example = load_example("integrations/anthropic/anthropic_resource.py")
    check_loads(example)
    fake_client = FakeAnthropicClient()

    class FakeAnthropicResource(AnthropicResource):
        def setup_for_execution(self, context) -> None:
            self._client = fake_client

    result = dg.materialize(
        [example.product_reviews, example.review_summary],
        resources={"anthropic": FakeAnthropicResource(api_key="test")},
    )
    assert result.success
    assert result.output_for_node("review_summary").startswith("Customers like")
    (call,) = fake_client.messages.calls
    assert call["model"] == "claude-sonnet-4-5"
    assert "strap broke" in call["messages"][0]["content"]
    usage = materializations(result)["review_summary"]
    assert usage["anthropic.calls"] == 1
    assert usage["anthropic.input_tokens"] == 120


# --- Azure Data Lake Storage Gen 2 ---------------------------------------------


class FakeDataLake:
    """An in-memory ADLS2 account: {file system: {path: bytes}}."""

    def __init__(self):
        self.file_systems: dict[str, dict[str, bytes]] = {}

    def get_file_system_client(self, name):
        return FakeFileSystem(self.file_systems.setdefault(name, {}), name)


class FakeFileSystem:
    account_name = "acmedatalake"

    def __init__(self, files, name):
        self.files = files
        self.file_system_name = name

    def get_file_system_properties(self):
        return {"name": self.file_system_name}

    def get_file_client(self, path):
        return FakeFile(self.files, path)

    def create_file(self, path):
        self.files[path] = b""
        return FakeFile(self.files, path)


class FakeFile:
    def __init__(self, files, path):
        self.files = files
        self.path = path

    def get_file_properties(self):
        from azure.core.exceptions import ResourceNotFoundError

        if self.path not in self.files:
            raise ResourceNotFoundError(self.path)
        return {"name": self.path}

    def upload_data(self, data, overwrite=False, lease=None):
        self.files[self.path] = bytes(data)

    def download_file(self):
        return SimpleNamespace(readall=lambda: self.files[self.path])

    def delete_file(self, lease=None, recursive=False):
        self.files.pop(self.path, None)


class FakeLease:
    def __init__(self, client):
        self.id = "fake-lease"

    def acquire(self, lease_duration):
        pass

    def release(self):
        pass


def test_adls2_io_manager_and_direct_write():
    from dagster_azure.adls2 import ADLS2Key, ADLS2PickleIOManager, ADLS2Resource

    example = load_example("integrations/azure_adls2/adls2_io_manager.py")
    check_loads(example)
    lake = FakeDataLake()

    class FakeADLS2Resource(ADLS2Resource):
        @property
        def adls2_client(self):
            return lake

        @property
        def blob_client(self):
            return SimpleNamespace(get_container_client=lambda name: None)

        @property
        def lease_client_constructor(self):
            return FakeLease

    fake_adls2 = FakeADLS2Resource(storage_account="acmedatalake", credential=ADLS2Key(key="k"))
    io_manager = ADLS2PickleIOManager(
        adls2=fake_adls2,
        adls2_file_system=example.io_manager.adls2_file_system,
        adls2_prefix=example.io_manager.adls2_prefix,
    )
    result = dg.materialize(
        [example.daily_orders, example.revenue_by_region, example.revenue_report_csv],
        resources={"adls2": fake_adls2, "io_manager": io_manager},
    )
    assert result.success

    stored = lake.file_systems["dagster"]
    assert pickle.loads(stored["assets/revenue_by_region"]) == {"emea": 162.0, "amer": 80.5}
    report = lake.file_systems["reports"]["revenue/latest.csv"].decode()
    assert report.splitlines() == ["region,revenue", "amer,80.5", "emea,162.0"]


# --- Census -------------------------------------------------------------------


def fake_census_resource(final_status: str, requests_made: list):
    """A CensusResource whose API calls are answered from memory."""
    from dagster_census import CensusResource

    sync_run_polls = iter(["working", final_status])

    class FakeCensusResource(CensusResource):
        def make_request(self, method, endpoint, data=None, page_number=None):
            requests_made.append((method, endpoint, data))
            if endpoint == "syncs/1234567":
                return {
                    "data": {
                        "source_attributes": {"connection_id": 11},
                        "destination_attributes": {"connection_id": 22},
                    }
                }
            if endpoint == "sources/11":
                return {"data": {"id": 11, "name": "Snowflake"}}
            if endpoint == "destinations/22":
                return {"data": {"id": 22, "name": "Salesforce"}}
            if endpoint == "syncs/1234567/trigger":
                return {"data": {"sync_run_id": 99}}
            if endpoint == "sync_runs/99":
                return {
                    "data": {
                        "id": 99,
                        "sync_id": 1234567,
                        "status": next(sync_run_polls),
                        "records_updated": 2,
                        "records_failed": 0,
                    }
                }
            raise AssertionError(f"unexpected Census endpoint {endpoint}")

    return FakeCensusResource(api_key="test")


def test_census_sync_asset(monkeypatch):
    import dagster_census.resources

    example = load_example("integrations/census/census_sync.py")
    check_loads(example)
    monkeypatch.setattr(dagster_census.resources.time, "sleep", lambda seconds: None)
    requests_made = []

    result = dg.materialize(
        [example.customer_health_scores, example.crm_health_scores],
        resources={"census": fake_census_resource("completed", requests_made)},
    )
    assert result.success
    trigger = next(r for r in requests_made if r[1] == "syncs/1234567/trigger")
    assert json.loads(trigger[2]) == {"force_full_sync": False}
    metadata = materializations(result)["crm_health_scores"]
    assert metadata["sync_run_id"] == 99
    assert metadata["records_updated"] == 2
    assert metadata["destination"] == "Salesforce"


def test_census_failed_sync_run_fails_the_asset(monkeypatch):
    import dagster_census.resources

    example = load_example("integrations/census/census_sync.py")
    monkeypatch.setattr(dagster_census.resources.time, "sleep", lambda seconds: None)
    result = dg.materialize(
        [example.customer_health_scores, example.crm_health_scores],
        resources={"census": fake_census_resource("failed", [])},
        raise_on_error=False,
    )
    assert not result.success
    assert result.is_node_success("customer_health_scores")
    assert result.is_node_failed("crm_health_scores")


# --- Chroma -------------------------------------------------------------------


def test_chroma_collection_and_query(monkeypatch, tmp_path):
    from chromadb.utils.embedding_functions.onnx_mini_lm_l6_v2 import ONNXMiniLM_L6_V2
    from dagster_chroma import ChromaResource, LocalConfig

    def bag_of_words_embedding(self, input):
        # Chroma's default model is downloaded on first use; hash words instead.
        vectors = []
        for text in input:
            vector = np.zeros(64)
            for word in text.lower().replace("?", " ").replace(".", " ").split():
                vector[int(hashlib.md5(word.encode()).hexdigest(), 16) % 64] += 1.0
            vectors.append(vector / (np.linalg.norm(vector) or 1.0))
        return vectors

    monkeypatch.setattr(ONNXMiniLM_L6_V2, "__call__", bag_of_words_embedding)

    example = load_example("integrations/chroma/chroma_resource.py")
    check_loads(example)
    chroma = ChromaResource(connection_config=LocalConfig(persistence_path=str(tmp_path / "db")))
    result = dg.materialize(
        [example.support_articles_collection, example.refund_question_matches],
        resources={"chroma": chroma},
    )
    assert result.success
    assert materializations(result)["support_articles_collection"]["documents"] == 3
    matches = result.output_for_node("refund_question_matches")
    assert len(matches) == 2
    assert set(matches) <= set(example.ARTICLES)


# --- Cube -------------------------------------------------------------------------


class FakeCube:
    """Stands in for dagster_cube's CubeResource."""

    def __init__(self, responses):
        self.responses = list(responses)
        self.requests = []

    def make_request(self, method, endpoint, data=None):
        self.requests.append((method, endpoint, data))
        return self.responses.pop(0)


def test_cube_query_waits_and_returns_rows(monkeypatch):
    example = load_example("integrations/cube/cube_query.py")
    check_loads(example)
    monkeypatch.setattr(example.time, "sleep", lambda seconds: None)
    rows = [{"orders.count": "12", "orders.created_at.week": "2024-01-01T00:00:00.000"}]
    cube = FakeCube([{"error": "Continue wait"}, {"data": rows}])

    result = dg.materialize([example.weekly_order_totals], resources={"cube": cube})
    assert result.success
    assert result.output_for_node("weekly_order_totals") == rows
    assert [r[:2] for r in cube.requests] == [("POST", "load"), ("POST", "load")]
    assert cube.requests[0][2]["query"]["measures"] == ["orders.count", "orders.total_amount"]


def test_cube_query_fails_without_response():
    example = load_example("integrations/cube/cube_query.py")
    result = dg.materialize(
        [example.weekly_order_totals],
        resources={"cube": FakeCube([None])},
        raise_on_error=False,
    )
    assert not result.success


# --- Databricks -----------------------------------------------------------------


def test_databricks_job_asset(monkeypatch):
    from dagster_databricks import DatabricksClientResource
    from databricks.sdk.service.jobs import RunResultState

    example = load_example("integrations/databricks/databricks_job.py")
    check_loads(example)
    calls = []

    result_state = RunResultState.SUCCESS

    class FakeJobs:
        def run_now(self, job_id, job_parameters=None):
            calls.append((job_id, job_parameters))
            run = SimpleNamespace(
                run_id=555,
                run_page_url="https://dbc.example.com/#job/1/run/555",
                state=SimpleNamespace(result_state=result_state),
            )
            return SimpleNamespace(result=lambda timeout: run)

    class FakeDatabricks(DatabricksClientResource):
        def get_client(self):
            return SimpleNamespace(workspace_client=SimpleNamespace(jobs=FakeJobs()))

    resources = {"databricks": FakeDatabricks(host="https://dbc.example.com", token="t")}
    result = dg.materialize([example.customer_features], resources=resources)
    assert result.success
    ((job_id, params),) = calls
    assert job_id == 912345678901234
    assert params["dagster_run_id"] == result.run_id
    metadata = materializations(result)["customer_features"]
    assert metadata["databricks_run_id"] == 555
    assert metadata["run_page"] == "https://dbc.example.com/#job/1/run/555"

    # A run whose task failed terminates normally in the SDK; the asset must fail.
    result_state = RunResultState.FAILED
    failed = dg.materialize(
        [example.customer_features], resources=resources, raise_on_error=False
    )
    assert not failed.success


def test_databricks_resource_builds_offline(monkeypatch):
    monkeypatch.setenv("DATABRICKS_HOST", "https://dbc-test.cloud.databricks.com")
    monkeypatch.setenv("DATABRICKS_TOKEN", "dapi-test")
    example = load_example("integrations/databricks/databricks_job.py")
    # Creating the SDK client resolves configuration but makes no request.
    with example.databricks.process_config_and_initialize_cm() as databricks:
        client = databricks.get_client()
    assert client.workspace_client.config.host == "https://dbc-test.cloud.databricks.com"


# --- Datadog --------------------------------------------------------------------


class RecordingDatadogClient:
    def __init__(self):
        self.calls = []

    def __getattr__(self, method):
        def record(*args, **kwargs):
            self.calls.append((method, args, kwargs))

        return record


def test_datadog_metrics_are_sent():
    from dagster_datadog import DatadogResource

    example = load_example("integrations/datadog/datadog_metrics.py")
    check_loads(example)
    recorder = RecordingDatadogClient()

    class FakeDatadog(DatadogResource):
        def get_client(self):
            return recorder

    result = dg.materialize(
        [example.cleaned_events], resources={"datadog": FakeDatadog(api_key="a", app_key="b")}
    )
    assert result.success
    sent = {(name, args[0]): args[1] for name, args, _ in recorder.calls if name != "event"}
    assert sent[("gauge", "pipeline.rows_in")] == 3
    assert sent[("gauge", "pipeline.rows_out")] == 2
    assert sent[("increment", "pipeline.rows_dropped")] == 1
    events = [call for call in recorder.calls if call[0] == "event"]
    assert len(events) == 1 and events[0][2]["alert_type"] == "warning"
    assert example.datadog.statsd_constant_tags == ["service:dagster", "team:data-platform"]


# --- Multi-asset integration guide ---------------------------------------------------


class FakeAcmeApi:
    """Simulates the Acme Sync REST API behind AcmeSyncClient._request."""

    def __init__(self):
        self.requests = []
        self.polls = 0

    def handle(self, method, path, **kwargs):
        self.requests.append((method, path, kwargs.get("json")))
        if method == "GET" and path == "/pipelines/shop/tables":
            return {"tables": [{"name": "orders"}, {"name": "customers"}]}
        if method == "POST" and path == "/pipelines/shop/runs":
            self.tables = kwargs["json"]["tables"]
            return {"run_id": "run-1"}
        if method == "GET" and path == "/runs/run-1":
            self.polls += 1
            if self.polls == 1:
                return {"status": "running"}
            return {
                "status": "succeeded",
                "tables": [
                    {"name": name, "row_count": 1000, "rows_synced": 25} for name in self.tables
                ],
            }
        raise AssertionError(f"unexpected request {method} {path}")


@pytest.fixture
def acme_example():
    return load_example("integrations/multi_asset/acme_sync.py")


def fake_acme_client(example, api: FakeAcmeApi):
    class FakeAcmeSyncClient(example.AcmeSyncClient):
        def _request(self, method, path, **kwargs):
            return api.handle(method, path, **kwargs)

    return FakeAcmeSyncClient(api_token="test", poll_interval=0)


def test_acme_specs_come_from_table_metadata(acme_example):
    check_loads(acme_example)
    specs = {s.key.to_user_string(): s for s in acme_example.shop_tables.specs}
    assert set(specs) == {"raw_shop/orders", "raw_shop/customers", "raw_shop/refunds"}
    orders = specs["raw_shop/orders"]
    assert orders.group_name == "acme_shop"
    assert orders.kinds == {"acme_sync", "snowflake"}
    assert orders.tags["sync_mode"] == "incremental"
    columns = [c.name for c in orders.metadata["dagster/column_schema"].columns]
    assert columns == ["id", "customer_id", "total", "created_at"]


def test_acme_sync_runs_only_selected_tables(acme_example):
    api = FakeAcmeApi()
    result = dg.materialize(
        [acme_example.shop_tables, acme_example.net_revenue],
        resources={"acme": fake_acme_client(acme_example, api)},
        selection=[dg.AssetKey(["raw_shop", "orders"]), dg.AssetKey(["raw_shop", "refunds"])],
    )
    assert result.success
    assert api.tables == ["orders", "refunds"]
    assert api.polls == 2
    found = materializations(result)
    assert set(found) == {"raw_shop/orders", "raw_shop/refunds"}
    assert found["raw_shop/orders"]["dagster/row_count"] == 1000


def test_acme_failed_run_raises(acme_example):
    class FailingApi(FakeAcmeApi):
        def handle(self, method, path, **kwargs):
            if path == "/runs/run-1":
                return {"status": "failed"}
            return super().handle(method, path, **kwargs)

    result = dg.materialize(
        [acme_example.shop_tables],
        resources={"acme": fake_acme_client(acme_example, FailingApi())},
        raise_on_error=False,
    )
    assert not result.success


def test_acme_snapshot_refresh(acme_example, tmp_path, monkeypatch):
    snapshot = tmp_path / "tables.json"
    monkeypatch.setattr(acme_example, "SNAPSHOT_PATH", snapshot)
    acme_example.refresh_table_snapshot(fake_acme_client(acme_example, FakeAcmeApi()), "shop")
    assert acme_example.read_table_snapshot() == [{"name": "orders"}, {"name": "customers"}]


def test_acme_component_builds_definitions():
    example = load_example("integrations/multi_asset/acme_component.py")
    component = example.AcmeSyncComponent.resolve_from_yaml(
        "pipeline_id: shop\napi_token: test\ngroup_name: shop_raw\n"
    )
    defs = component.build_defs(dg.ComponentTree.for_test().load_context)
    validate(defs)
    specs = defs.resolve_all_asset_specs()
    assert {s.key.to_user_string() for s in specs} == {
        "raw_shop/orders",
        "raw_shop/customers",
        "raw_shop/refunds",
    }
    assert {s.group_name for s in specs} == {"shop_raw"}
