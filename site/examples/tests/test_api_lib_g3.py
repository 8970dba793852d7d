"""Tests for the examples of the library API reference pages of group g3:
dagster-snowflake(-pandas), dagster-gcp(-pandas), dagster-databricks, dagster-azure.

Every service is replaced by a test double: no network, no credentials."""

import datetime
from contextlib import contextmanager

import pandas as pd
import pytest
from dagster._core.definitions.observe import observe
from example_loader import load_example

import dagster as dg

# --- dagster-snowflake ---------------------------------------------------------


class FakeSnowflakeCursor:
    def __init__(self, conn):
        self.conn = conn
        self._rows = []

    def execute(self, sql, params=None):
        self.conn.statements.append(" ".join(sql.split()))
        lowered = sql.lower()
        if "information_schema.tables" in lowered:
            self._rows = [("RAW_ORDERS", datetime.datetime(2026, 3, 1, 6, 30))]
        elif "count(*)" in lowered:
            self._rows = [(42,)]
        elif lowered.startswith("show tables"):
            self._rows = []
        elif lowered.startswith("show schemas"):
            self._rows = [("PUBLIC",)]
        else:
            self._rows = []
        return self

    def fetchone(self):
        return self._rows[0]

    def fetchall(self):
        return list(self._rows)

    def __iter__(self):
        return iter(self._rows)

    def __bool__(self):
        return True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def close(self):
        pass


class FakeSnowflakeConnection:
    def __init__(self, **kwargs):
        self.kwargs = kwargs
        self.statements = []
        self.committed = False
        self.closed = False

    def cursor(self):
        return FakeSnowflakeCursor(self)

    def commit(self):
        self.committed = True

    def close(self):
        self.closed = True


@pytest.fixture
def fake_snowflake(monkeypatch):
    import snowflake.connector

    connections = []

    def connect(**kwargs):
        conn = FakeSnowflakeConnection(**kwargs)
        connections.append(conn)
        return conn

    monkeypatch.setattr(snowflake.connector, "connect", connect)
    monkeypatch.setenv("SNOWFLAKE_ACCOUNT", "acme-test")
    monkeypatch.setenv("SNOWFLAKE_USER", "dagster")
    monkeypatch.setenv("SNOWFLAKE_PASSWORD", "secret")
    return connections


def test_snowflake_resource_runs_sql_and_commits(fake_snowflake):
    example = load_example("api/libraries/dagster_snowflake_reference.py")
    result = dg.materialize([example.daily_revenue], resources={"snowflake": example.snowflake})
    assert result.success
    (conn,) = fake_snowflake
    # The resource passes its fields, with environment variables resolved, to the connector.
    assert conn.kwargs["account"] == "acme-test"
    assert conn.kwargs["password"] == "secret"
    assert conn.kwargs["warehouse"] == "TRANSFORMING"
    assert conn.kwargs["schema"] == "PUBLIC"
    assert conn.statements[0].startswith("create or replace table daily_revenue")
    # autocommit is unset, so the connection is committed and closed when the block ends.
    assert conn.committed and conn.closed
    (event,) = result.get_asset_materialization_events()
    assert event.materialization.metadata["row_count"].value == 42


def test_snowflake_observation_reads_last_altered_time(fake_snowflake):
    example = load_example("api/libraries/dagster_snowflake_reference.py")
    result = observe([example.raw_orders], resources={"snowflake": example.snowflake})
    assert result.success
    (conn,) = fake_snowflake
    query = conn.statements[0]
    # Table names are upper-cased for the information schema, and the result keeps the caller's case.
    assert "table_schema = 'PUBLIC'" in query and "'RAW_ORDERS'" in query
    (obs,) = result.get_asset_observation_events()
    data = obs.asset_observation_data.asset_observation
    assert data.tags["dagster/data_version"] == "2026-03-01T06:30:00"


def test_fetch_last_updated_timestamps_raises_for_missing_table():
    from dagster_snowflake import fetch_last_updated_timestamps

    conn = FakeSnowflakeConnection()
    with pytest.raises(ValueError, match="could not be found"):
        fetch_last_updated_timestamps(
            snowflake_connection=conn, schema="PUBLIC", tables=["raw_orders", "missing"]
        )
    found = fetch_last_updated_timestamps(
        snowflake_connection=conn,
        schema="PUBLIC",
        tables=["raw_orders", "missing"],
        ignore_missing_tables=True,
    )
    assert list(found) == ["raw_orders"]


def test_snowflake_resource_requires_exactly_one_auth_method():
    from dagster_snowflake import SnowflakeResource

    with pytest.raises(Exception, match="Password, private key, or authenticator"):
        SnowflakeResource(account="a", user="u")
    with pytest.raises(Exception, match="Cannot provide both"):
        SnowflakeResource(account="a", user="u", password="p", private_key="k")
    # An authenticator alone is enough.
    SnowflakeResource(account="a", user="u", authenticator="externalbrowser")


# --- dagster-snowflake-pandas --------------------------------------------------


def test_snowflake_pandas_io_manager_writes_and_reads_tables(fake_snowflake, monkeypatch):
    import dagster_snowflake_pandas.snowflake_pandas_type_handler as handler_module

    example = load_example("api/libraries/dagster_snowflake_pandas_reference.py")
    written = {}

    def fake_write_pandas(conn, df, table_name, schema, database, **kwargs):
        written[(database, schema, table_name)] = df.copy()
        return True, 1, len(df), []

    queries = []

    def fake_read_sql(sql, con):
        queries.append(" ".join(sql.split()))
        # Snowflake returns upper-case column names; the handler lower-cases them.
        frame = written[("ANALYTICS", "SALES", "RAW_ORDERS")]
        return frame[["REGION", "AMOUNT"]]

    monkeypatch.setattr(handler_module, "write_pandas", fake_write_pandas)
    monkeypatch.setattr(handler_module.pd, "read_sql", fake_read_sql)

    result = dg.materialize(
        [example.raw_orders, example.revenue_by_region],
        resources=dict(example.defs.resources),
    )
    assert result.success
    # Table and schema names come from the asset key, the key prefix and the schema metadata.
    assert set(written) == {
        ("ANALYTICS", "SALES", "RAW_ORDERS"),
        ("ANALYTICS", "REPORTING", "REVENUE_BY_REGION"),
    }
    # Only the requested columns are selected.
    assert queries == ["SELECT region, amount FROM ANALYTICS.sales.raw_orders"]
    revenue = written[("ANALYTICS", "REPORTING", "REVENUE_BY_REGION")]
    assert dict(zip(revenue["REGION"], revenue["AMOUNT"])) == {"eu": 37.5, "us": 12.5}
    # Before each write, the old rows of the table are deleted.
    statements = [s for conn in fake_snowflake for s in conn.statements]
    assert "DELETE FROM ANALYTICS.sales.raw_orders" in statements
    events = {
        e.asset_key.to_user_string(): e.materialization.metadata
        for e in result.get_asset_materialization_events()
    }
    assert events["sales/raw_orders"]["dagster/row_count"].value == 3


# --- dagster-gcp -----------------------------------------------------------------


class FakeBigQueryRow:
    def __init__(self, **values):
        self._values = values

    def items(self):
        return self._values.items()


class FakeBigQueryJob:
    def __init__(self, rows=None, frame=None):
        self._rows = rows or []
        self._frame = frame

    def result(self):
        return self._rows

    def to_dataframe(self):
        return self._frame


class FakeBigQueryClient:
    """Stands in for google.cloud.bigquery.Client, with the methods the library calls."""

    instances = []

    def __init__(self, project=None, location=None, **kwargs):
        self.project = project
        self.location = location
        self.queries = []
        self.loaded = {}
        FakeBigQueryClient.instances.append(self)

    def query(self, query, job_config=None, project=None, location=None, timeout=None):
        self.queries.append(" ".join(query.split()))
        if "from `analytics.users`" in query:
            return FakeBigQueryJob(
                rows=[
                    FakeBigQueryRow(signup_date="2026-03-01", signups=4),
                    FakeBigQueryRow(signup_date="2026-03-02", signups=6),
                ]
            )
        for destination, frame in _BIGQUERY_TABLES.items():
            table = destination.split(".")[-1]
            if f".{table}`" in query:
                return FakeBigQueryJob(frame=frame[["REGION", "AMOUNT"]])
        return FakeBigQueryJob()

    def load_table_from_dataframe(self, dataframe, destination, project=None, **kwargs):
        _BIGQUERY_TABLES[f"{project}.{destination}"] = dataframe.copy()
        return FakeBigQueryJob()


_BIGQUERY_TABLES = {}


@pytest.fixture
def fake_gcp(monkeypatch):
    from google.cloud import bigquery, storage

    from dagster_gcp.gcs import FakeGCSClient

    FakeBigQueryClient.instances = []
    _BIGQUERY_TABLES.clear()
    gcs_clients = []

    def make_gcs_client(project=None):
        client = FakeGCSClient()
        gcs_clients.append(client)
        return client

    monkeypatch.setattr(bigquery, "Client", FakeBigQueryClient)
    monkeypatch.setattr(storage.client, "Client", make_gcs_client)
    monkeypatch.setenv("GCP_PROJECT", "acme-analytics")
    monkeypatch.delenv("GOOGLE_APPLICATION_CREDENTIALS", raising=False)
    return gcs_clients


def test_bigquery_resource_and_gcs_pickle_io_manager(fake_gcp):
    example = load_example("api/libraries/dagster_gcp_reference.py")
    result = dg.materialize(
        [example.daily_signups, example.signup_summary], resources=dict(example.defs.resources)
    )
    assert result.success
    (client,) = FakeBigQueryClient.instances
    assert (client.project, client.location) == ("acme-analytics", "EU")
    assert result.output_for_node("signup_summary") == {"days": 2, "total": 10}
    # Each asset is pickled to gs://<bucket>/<prefix>/<asset key>.
    paths = set().union(*(c.get_all_blob_paths() for c in fake_gcp))
    assert {"acme-dagster-io/assets/daily_signups", "acme-dagster-io/assets/signup_summary"} <= paths


def test_bigquery_fetch_last_updated_timestamps_raises_for_unknown_table():
    from dagster_gcp import fetch_last_updated_timestamps

    class Client:
        def query(self, sql):
            self.sql = sql
            row = type("Row", (), {"table_id": "orders", "last_modified_time": 1})()
            return FakeBigQueryJob(rows=[row])

    client = Client()
    assert fetch_last_updated_timestamps(
        client=client, dataset_id="sales", table_ids=["orders"]
    ) == {"orders": 1}
    assert "sales.__tables__" in client.sql.lower()
    with pytest.raises(ValueError, match="not found"):
        fetch_last_updated_timestamps(client=client, dataset_id="sales", table_ids=["missing"])


def test_bq_op_for_queries_names_the_op_after_the_queries():
    from dagster_gcp import bq_op_for_queries

    op_def = bq_op_for_queries(["select 1"])
    assert op_def.name.startswith("bq_op_") and len(op_def.name) == len("bq_op_") + 10
    assert op_def.required_resource_keys == {"bigquery"}


# --- dagster-gcp-pandas ----------------------------------------------------------


def test_bigquery_pandas_io_manager_writes_and_reads_tables(fake_gcp):
    example = load_example("api/libraries/dagster_gcp_pandas_reference.py")
    result = dg.materialize(
        [example.raw_orders, example.revenue_by_region], resources=dict(example.defs.resources)
    )
    assert result.success
    # Dataset from the key prefix and from the schema metadata; column names upper-cased.
    assert set(_BIGQUERY_TABLES) == {
        "acme-analytics.sales.raw_orders",
        "acme-analytics.reporting.revenue_by_region",
    }
    revenue = _BIGQUERY_TABLES["acme-analytics.reporting.revenue_by_region"]
    assert list(revenue.columns) == ["REGION", "AMOUNT"]
    queries = [q for c in FakeBigQueryClient.instances for q in c.queries]
    # write_mode="truncate" empties the table before each write; inputs select only their columns.
    assert "TRUNCATE TABLE `acme-analytics.sales.raw_orders`" in queries
    assert "SELECT region, amount FROM `acme-analytics.sales.raw_orders`" in queries


# --- dagster-databricks ----------------------------------------------------------


class FakeDatabricksJobs:
    """The part of databricks.sdk's JobsAPI that the example and the op factory use."""

    def __init__(self, result_state="SUCCESS"):
        self.result_state = result_state
        self.triggered = []

    def run_now(self, job_id, **kwargs):
        from unittest import mock

        self.triggered.append((job_id, kwargs))
        waiter = mock.Mock()
        waiter.bind.return_value = {"run_id": 100 + len(self.triggered)}
        return waiter

    def get_run(self, run_id=None, **kwargs):
        from databricks.sdk.service import jobs

        state = jobs.RunState(
            life_cycle_state=jobs.RunLifeCycleState.TERMINATED,
            result_state=jobs.RunResultState(self.result_state),
            state_message="",
        )
        return jobs.Run(run_id=run_id, run_name="etl", run_page_url="https://x/run", state=state)


@pytest.fixture
def fake_databricks(monkeypatch):
    import dagster_databricks.databricks as databricks_module

    fake_jobs = FakeDatabricksJobs()

    class FakeWorkspaceClient:
        def __init__(self, config=None):
            self.config = config
            self.jobs = fake_jobs

    monkeypatch.setattr(databricks_module, "WorkspaceClient", FakeWorkspaceClient)
    monkeypatch.setenv("DATABRICKS_HOST", "https://acme.cloud.databricks.com")
    monkeypatch.setenv("DATABRICKS_TOKEN", "dapi-test")
    return fake_jobs


def test_databricks_asset_triggers_job_and_waits(fake_databricks):
    example = load_example("api/libraries/dagster_databricks_reference.py")
    result = dg.materialize([example.sales_report], resources={"databricks": example.databricks})
    assert result.success
    assert fake_databricks.triggered == [(5678, {"job_parameters": {"env": "prod"}})]
    (event,) = result.get_asset_materialization_events()
    assert event.materialization.metadata["databricks_run_id"].value == 101


def test_databricks_run_now_op_runs_in_a_job(fake_databricks):
    example = load_example("api/libraries/dagster_databricks_reference.py")
    assert example.run_nightly_etl.name == "run_nightly_etl"
    assert example.run_nightly_etl.required_resource_keys == {"databricks"}
    result = example.defs.get_job_def("nightly_etl").execute_in_process()
    assert result.success
    assert fake_databricks.triggered == [(1234, {})]


def test_databricks_failed_run_raises(fake_databricks):
    from dagster_databricks import DatabricksError

    example = load_example("api/libraries/dagster_databricks_reference.py")
    fake_databricks.result_state = "FAILED"
    with pytest.raises(DatabricksError, match="failed"):
        dg.materialize([example.sales_report], resources={"databricks": example.databricks})


def test_databricks_resource_rejects_two_credential_kinds():
    from dagster_databricks import DatabricksClientResource

    with pytest.raises(Exception, match="not multiple"):
        DatabricksClientResource(
            host="https://h",
            token="t",
            oauth_credentials={"client_id": "a", "client_secret": "b"},
        )


# --- dagster-azure ---------------------------------------------------------------


@pytest.fixture
def fake_adls2(monkeypatch):
    import dagster_azure.adls2.resources as resources_module
    from dagster_azure.adls2 import ADLS2Resource
    from dagster_azure.blob import FakeBlobServiceClient
    from dagster_azure.fakes import FakeADLS2ServiceClient
    from dagster_azure.fakes.fake_adls2_resource import FakeLeaseClient

    created = {}

    def create_adls2_client(storage_account, credential, endpoint_suffix):
        created["adls2"] = (storage_account, credential, endpoint_suffix)
        created.setdefault("client", FakeADLS2ServiceClient(storage_account))
        return created["client"]

    def create_blob_client(storage_account, credential, endpoint_suffix):
        return FakeBlobServiceClient(storage_account)

    monkeypatch.setattr(resources_module, "create_adls2_client", create_adls2_client)
    monkeypatch.setattr(resources_module, "create_blob_client", create_blob_client)
    monkeypatch.setattr(
        ADLS2Resource, "lease_client_constructor", property(lambda self: FakeLeaseClient)
    )
    monkeypatch.setenv("ADLS2_SAS_TOKEN", "sv=2026&sig=test")
    return created


def test_adls2_resource_and_pickle_io_manager(fake_adls2):
    example = load_example("api/libraries/dagster_azure_reference.py")
    result = dg.materialize(
        [example.exported_orders, example.export_summary], resources=dict(example.defs.resources)
    )
    assert result.success
    # The resource resolves the SAS token and uses the default public-cloud endpoint suffix.
    assert fake_adls2["adls2"] == ("acmelake", "sv=2026&sig=test", "core.windows.net")
    client = fake_adls2["client"]
    exported = client.get_file_client("exports", "orders/2026-03-01.json")
    assert b'"amount": 30.0' in exported.download_file().readall()
    # The I/O manager pickles each asset under <file system>/<prefix>/<asset key>.
    io_files = client.get_file_system_client("dagster-io")
    assert io_files.has_file("assets/exported_orders")
    assert io_files.has_file("assets/export_summary")
    assert result.output_for_node("export_summary") == (
        "2 orders exported to exports/orders/2026-03-01.json"
    )


def test_adls2_pickle_io_manager_rejects_bad_lease_duration():
    from dagster_azure.adls2 import PickledObjectADLS2IOManager
    from dagster_azure.blob import FakeBlobServiceClient
    from dagster_azure.fakes import FakeADLS2ServiceClient

    with pytest.raises(ValueError, match="lease_duration"):
        PickledObjectADLS2IOManager(
            "fs",
            FakeADLS2ServiceClient("acct"),
            FakeBlobServiceClient("acct"),
            object,
            lease_duration=5,
        )


def test_aca_helpers_parse_sizes_and_names():
    from dagster_azure.container_apps import (
        interpret_aca_cpu_str_as_millicpus,
        interpret_aca_mem_str_as_bytes,
        sanitize_aca_name,
    )

    assert interpret_aca_cpu_str_as_millicpus("0.5") == 500
    assert interpret_aca_cpu_str_as_millicpus("250m") == 250
    assert interpret_aca_mem_str_as_bytes("512Mi") == 512 * 1024**2
    assert interpret_aca_mem_str_as_bytes("1Gi") == 1024**3
    assert sanitize_aca_name("Dagster_Run/ABC") == "dagster-run-abc"
    long_name = sanitize_aca_name("dagster-run-" + "x" * 40)
    assert len(long_name) <= 32
