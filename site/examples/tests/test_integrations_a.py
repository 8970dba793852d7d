"""Tests for the integration library examples Delta Lake to LakeFS
(site/examples/integrations/{deltalake,dingtalk,dlt,docker,duckdb,fivetran,gcp,
gemini,github,hashicorp,hashicorp_nomad,hex,hightouch,iceberg,jupyter,kubernetes,
lakefs}/).

Examples that need no service run for real (DuckDB, Delta Lake, Iceberg with a
local SQLite catalog, dlt into DuckDB, a notebook run by dagstermill). Services
are replaced by test doubles whose calls are bound to the real client's
signatures. Reference tables on the pages are compared with the installed
classes, so a missing or invented field fails.
"""

from __future__ import annotations

import ast
import inspect
import re

import sys
from pathlib import Path

# The dagstermill test re-imports this file by path inside a notebook kernel.
sys.path.insert(0, str(Path(__file__).resolve().parent))

import dagster as dg  # noqa: E402
import pytest  # noqa: E402
from example_loader import load_example  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs"
EXAMPLES = Path(__file__).resolve().parents[1]


def page_text(doc_path: str) -> str:
    return (DOCS / doc_path).read_text()


def documented_fields(text: str, heading: str) -> set[str]:
    """Names in the first column of the first table under the given heading."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip("#").strip() == heading)
    names: set[str] = set()
    in_table = False
    for line in lines[start + 1 :]:
        if line.startswith("|"):
            in_table = True
            first = line.split("|")[1].strip()
            match = re.fullmatch(r"`([^`]+)`", first)
            if match:
                names.add(match.group(1))
        elif in_table or line.startswith("#"):
            break
    return names


def pydantic_fields(cls) -> set[str]:
    return {f.alias or name for name, f in cls.model_fields.items()}


def bind(method, *args, **kwargs):
    """Fail if a call would not match the real method's signature."""
    inspect.signature(method).bind(*args, **kwargs)


def materializations(result: dg.ExecuteInProcessResult) -> dict[str, dict]:
    found = {}
    for event in result.get_asset_materialization_events():
        mat = event.event_specific_data.materialization
        found[mat.asset_key.to_user_string()] = {k: v.value for k, v in mat.metadata.items()}
    return found


# --- DuckDB -----------------------------------------------------------------

import duckdb
import polars as pl
from dagster_duckdb import DuckDBResource
from dagster_duckdb_pandas import DuckDBPandasIOManager


def test_duckdb_resource_creates_tables(tmp_path):
    example = load_example("integrations/duckdb/duckdb_resource.py")
    db = str(tmp_path / "analytics.duckdb")
    result = dg.materialize(
        [example.trips, example.fares_by_zone],
        resources={"duckdb": DuckDBResource(database=db)},
    )
    assert result.success
    with duckdb.connect(db) as conn:
        rows = conn.execute("select zone, total_fare, trip_count from fares_by_zone").fetchall()
    assert rows == [("airport", 48.0, 1), ("downtown", 22.25, 2), ("harbor", 21.0, 1)]
    found = materializations(result)
    assert found["trips"]["row_count"] == 4
    assert found["fares_by_zone"]["top_zone"] == "airport"


def test_duckdb_io_manager_stores_tables_in_schema(tmp_path):
    example = load_example("integrations/duckdb/duckdb_io_manager.py")
    db = str(tmp_path / "warehouse.duckdb")
    result = dg.materialize(
        [example.orders, example.customer_totals],
        resources={"io_manager": DuckDBPandasIOManager(database=db)},
    )
    assert result.success
    with duckdb.connect(db) as conn:
        totals = conn.execute(
            "select customer, total_amount from sales.customer_totals order by customer"
        ).fetchall()
    assert totals == [("ada", 37.5), ("grace", 12.5), ("linus", 99.0)]


def test_duckdb_reference_schema_columns_partitions_and_types(tmp_path):
    example = load_example("integrations/duckdb/duckdb_reference.py")
    db = str(tmp_path / "reference.duckdb")
    io_manager = example.PandasAndPolarsDuckDBIOManager(database=db, schema="analytics")
    resources = {"io_manager": io_manager}

    result = dg.materialize(
        [example.stations, example.station_names, example.busy_stations], resources=resources
    )
    assert result.success
    assert list(result.output_for_node("station_names")["name"]) == ["Airport", "Harbor", "North"]
    busy = result.output_for_node("busy_stations")
    assert isinstance(busy, pl.DataFrame)
    assert busy["station_id"].to_list() == [2, 3]
    with duckdb.connect(db) as conn:
        stored = conn.execute("select name from analytics.busy_stations order by 1").fetchall()
    assert stored == [("Airport",), ("Harbor",)]

    for day in ["2024-06-01", "2024-06-02", "2024-06-01"]:
        assert dg.materialize([example.readings], partition_key=day, resources=resources).success
    for region in ["north", "south"]:
        assert dg.materialize(
            [example.regional_targets], partition_key=region, resources=resources
        ).success

    with duckdb.connect(db) as conn:
        schemas = {
            r[0]
            for r in conn.execute("select table_schema from information_schema.tables").fetchall()
        }
        # Re-running a partition replaces its rows instead of appending them.
        per_day = conn.execute(
            "select cast(reading_date as date)::varchar, count(*) from analytics.readings group by 1 order by 1"
        ).fetchall()
        regions = conn.execute("select region from analytics.regional_targets order by 1").fetchall()
    assert {"raw", "analytics"} <= schemas
    assert per_day == [("2024-06-01", 2), ("2024-06-02", 2)]
    assert regions == [("north",), ("south",)]


def test_duckdb_reference_tables_match_the_classes():
    text = page_text("integrations/libraries/duckdb/reference.md")
    assert documented_fields(text, "DuckDBResource fields") == pydantic_fields(DuckDBResource)
    assert documented_fields(text, "DuckDB I/O manager fields") == pydantic_fields(
        DuckDBPandasIOManager
    )


# --- Delta Lake -------------------------------------------------------------

from dagster_deltalake import (  # noqa: E402
    AzureConfig,
    DeltaLakePyarrowIOManager,
    DeltaTableResource,
    GcsConfig,
    LocalConfig,
    S3Config,
)
from dagster_deltalake_pandas import DeltaLakePandasIOManager  # noqa: E402
from dagster_deltalake.config import ClientConfig  # noqa: E402
from deltalake import DeltaTable  # noqa: E402


def test_deltalake_pandas_writes_and_reads_tables(tmp_path):
    example = load_example("integrations/deltalake/deltalake_pandas.py")
    root = str(tmp_path / "delta_tables")
    result = dg.materialize(
        [example.observations, example.station_averages],
        resources={
            "io_manager": DeltaLakePandasIOManager(root_uri=root, storage_options=LocalConfig())
        },
    )
    assert result.success
    table = DeltaTable(f"{root}/weather/station_averages").to_pandas().sort_values("station")
    assert table.to_dict("list") == {"station": ["harbor", "north"], "temperature_c": [14.75, 12.25]}
    assert materializations(result)["weather/observations"]["table_uri"].endswith(
        "weather/observations"
    )


def test_deltalake_reference_partitions_modes_resource_and_arrow(tmp_path):
    example = load_example("integrations/deltalake/deltalake_reference.py")
    root = str(tmp_path / "lake")
    resources = {
        "io_manager": DeltaLakePandasIOManager(
            root_uri=root, storage_options=LocalConfig(), schema="retail"
        ),
        "arrow_io_manager": DeltaLakePyarrowIOManager(
            root_uri=root, storage_options=LocalConfig(), schema="reference"
        ),
        "delta_table": DeltaTableResource(
            url=f"{root}/retail/sales_by_store", storage_options=LocalConfig()
        ),
    }
    for day in ["2024-06-01", "2024-06-02", "2024-06-01"]:
        assert dg.materialize([example.daily_sales], partition_key=day, resources=resources).success
    sales = DeltaTable(f"{root}/retail/daily_sales")
    # Re-running a day overwrites that partition only.
    assert len(sales.to_pandas()) == 6
    assert sales.metadata().partition_columns == ["day"]

    for _ in range(2):
        assert dg.materialize([example.audit_log], resources=resources).success
    assert len(DeltaTable(f"{root}/retail/audit_log").to_pandas()) == 2

    result = dg.materialize(
        [example.daily_sales, example.sales_by_store],
        resources=resources,
        selection=[example.sales_by_store],
        partition_key="2024-06-02",
    )
    assert result.success
    totals = result.output_for_node("sales_by_store").sort_values("store")
    assert list(totals.columns) == ["day", "store", "sales"]
    assert totals[["store", "sales"]].to_dict("list") == {"store": ["a", "b"], "sales": [150.0, 80.0]}
    result = dg.materialize(
        [example.sales_table_history, example.store_names], resources=resources
    )
    assert result.success
    assert materializations(result)["sales_table_history"]["version"] == 0
    assert DeltaTable(f"{root}/reference/store_names").to_pyarrow_table().num_rows == 2


def test_deltalake_cloud_config_builds():
    example = load_example("integrations/deltalake/deltalake_cloud.py")
    assert isinstance(example.delta_io_manager.storage_options, S3Config)


def test_deltalake_reference_tables_match_the_classes():
    text = page_text("integrations/libraries/deltalake/reference.md")
    assert documented_fields(text, "I/O manager fields") == pydantic_fields(DeltaLakePyarrowIOManager)
    assert documented_fields(text, "DeltaTableResource fields") == pydantic_fields(
        DeltaTableResource
    )
    assert pydantic_fields(LocalConfig) == {"provider"}
    assert documented_fields(text, "ClientConfig") == pydantic_fields(ClientConfig)
    for cls, heading in [
        (S3Config, "S3Config"),
        (AzureConfig, "AzureConfig"),
        (GcsConfig, "GcsConfig"),
    ]:
        assert documented_fields(text, heading) == pydantic_fields(cls) - {"provider"}, heading


# --- dlt ----------------------------------------------------------------------

import sys  # noqa: E402

import yaml  # noqa: E402


@pytest.fixture
def dlt_home(tmp_path, monkeypatch):
    """Keep dlt's pipeline state and the DuckDB file inside the test's folder."""
    monkeypatch.setenv("DLT_DATA_DIR", str(tmp_path / "dlt_data"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def import_here(relpath: str):
    """Import an example in the current working directory (dlt resolves paths at import)."""
    import importlib.util

    path = EXAMPLES / relpath
    spec = importlib.util.spec_from_file_location(f"docs_a_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_dlt_assets_load_into_duckdb(dlt_home):
    from dagster_dlt import DagsterDltResource

    example = import_here("integrations/dlt/dlt_assets.py")
    keys = {k.to_user_string() for k in example.bike_shop_assets.keys}
    assert keys == {"bike_shop/bikes", "bike_shop/stores"}
    spec = next(s for s in example.bike_shop_assets.specs if s.key.path[-1] == "bikes")
    assert spec.group_name == "ingestion"
    assert dg.AssetKey("bike_shop/bikes".split("/")) in example.bike_price_report.dependency_keys

    for _ in range(2):  # bikes merges on its primary key, so a second run adds nothing
        result = dg.materialize([example.bike_shop_assets], resources={"dlt": DagsterDltResource()})
        assert result.success
        # A dlt source object is used up by a run; each Dagster run imports the code afresh.
        example = import_here("integrations/dlt/dlt_assets.py")
    assert set(materializations(result)) == keys
    with duckdb.connect(str(dlt_home / "bike_shop.duckdb")) as conn:
        bikes = conn.execute("select bike_id, model from raw.bikes order by bike_id").fetchall()
        stores = conn.execute("select count(*) from raw.stores").fetchone()[0]
    assert bikes == [(1, "Commuter"), (2, "Gravel")]
    assert stores == 2


@pytest.mark.slow
def test_dlt_component_project_loads_and_runs(dlt_home, monkeypatch):
    from dagster_dlt import DltLoadCollectionComponent

    project = EXAMPLES / "integrations" / "dlt"
    attributes = yaml.safe_load(
        (project / "bike_shop_project/defs/bike_shop/defs.yaml").read_text()
    )
    assert attributes["type"] == "dagster_dlt.DltLoadCollectionComponent"
    DltLoadCollectionComponent.get_model_cls().model_validate(attributes["attributes"])

    monkeypatch.syspath_prepend(str(project))
    for name in [m for m in sys.modules if m.startswith("bike_shop_project")]:
        monkeypatch.delitem(sys.modules, name)
    import importlib

    defs_module = importlib.import_module("bike_shop_project.defs")
    defs = dg.load_defs(defs_root=defs_module, project_root=project)
    specs = {s.key.to_user_string(): s for s in defs.resolve_all_asset_specs()}
    # The upstream source table appears as an external asset, bike_shop_bikes.
    assert set(specs) == {"bike_shop/bikes", "bike_shop_bikes"}
    assert specs["bike_shop/bikes"].group_name == "ingestion"
    job = defs.resolve_implicit_global_asset_job_def()
    assert job.execute_in_process().success
    with duckdb.connect(str(dlt_home / "bike_shop.duckdb")) as conn:
        assert conn.execute("select count(*) from raw.bikes").fetchone()[0] == 2


# --- Fivetran -----------------------------------------------------------------


def fake_fivetran_workspace_data():
    from dagster_fivetran.translator import (
        FivetranConnector,
        FivetranDestination,
        FivetranSchema,
        FivetranSchemaConfig,
        FivetranTable,
        FivetranWorkspaceData,
    )

    def connector(connector_id, name, schema, tables):
        return (
            FivetranConnector(
                id=connector_id,
                name=name,
                service="salesforce",
                group_id="group_1",
                setup_state="connected",
                sync_state="scheduled",
                paused=False,
                succeeded_at=None,
                failed_at=None,
            ),
            FivetranSchemaConfig(
                schemas={
                    schema: FivetranSchema(
                        enabled=True,
                        name_in_destination=schema,
                        tables={
                            t: FivetranTable(enabled=True, name_in_destination=t, columns=None)
                            for t in tables
                        },
                    )
                }
            ),
        )

    pairs = {
        "salesforce_connector_id": connector(
            "salesforce_connector_id", "salesforce", "salesforce", ["account", "opportunity"]
        ),
        "test_conn": connector("test_conn", "test_copy", "scratch", ["junk"]),
    }
    return FivetranWorkspaceData(
        connectors_by_id={k: v[0] for k, v in pairs.items()},
        destinations_by_id={
            "group_1": FivetranDestination(id="group_1", database="ANALYTICS", service="snowflake")
        },
        schema_configs_by_connector_id={k: v[1] for k, v in pairs.items()},
    )


@pytest.fixture
def fake_fivetran(monkeypatch):
    from dagster_fivetran import FivetranWorkspace

    for name in ["FIVETRAN_ACCOUNT_ID", "FIVETRAN_API_KEY", "FIVETRAN_API_SECRET"]:
        monkeypatch.setenv(name, "test")
    synced = []
    real_sync_and_poll = FivetranWorkspace.sync_and_poll

    def sync_and_poll(self, context, config=None):
        bind(real_sync_and_poll, self, context=context, config=config)
        synced.append(sorted(k.to_user_string() for k in context.selected_asset_keys))
        for key in context.selected_asset_keys:
            yield dg.MaterializeResult(asset_key=key, metadata={"synced": True})

    monkeypatch.setattr(
        FivetranWorkspace, "fetch_fivetran_workspace_data", lambda self: fake_fivetran_workspace_data()
    )
    monkeypatch.setattr(FivetranWorkspace, "sync_and_poll", sync_and_poll)
    return synced


def test_fivetran_assets_sensor_and_sync(fake_fivetran):
    example = load_example("integrations/fivetran/fivetran_assets.py")
    keys = {k.to_user_string() for a in example.all_fivetran_assets for k in a.keys}
    # Connectors named test_* are left out; the translator adds the raw prefix.
    assert keys == {"raw/salesforce/account", "raw/salesforce/opportunity"}
    assert {k.to_user_string() for k in example.salesforce_tables.keys} == {
        "salesforce/account",
        "salesforce/opportunity",
    }
    assert example.fivetran_sync_sensor.name == "fivetran_cobbled_heron__sync_status_sensor"
    assert example.fivetran_sync_sensor.minimum_interval_seconds == 300
    result = dg.materialize(
        [example.salesforce_tables], resources={"fivetran": example.fivetran_workspace}
    )
    assert result.success
    assert fake_fivetran == [["salesforce/account", "salesforce/opportunity"]]


def test_fivetran_component_yaml_matches_the_model():
    from dagster_fivetran import FivetranAccountComponent

    attributes = yaml.safe_load(
        (EXAMPLES / "integrations/fivetran/fivetran_project/defs/fivetran_sync/defs.yaml").read_text()
    )
    assert attributes["type"] == "dagster_fivetran.FivetranAccountComponent"
    model = FivetranAccountComponent.get_model_cls().model_validate(attributes["attributes"])
    assert model.connector_selector.by_name == ["salesforce", "postgres_orders"]


def test_fivetran_page_table_matches_workspace_fields():
    from dagster_fivetran import FivetranWorkspace

    text = page_text("integrations/libraries/fivetran.md")
    assert documented_fields(text, "Configuration") == pydantic_fields(FivetranWorkspace)


# --- Jupyter (dagstermill) ----------------------------------------------------


from dagster._core.definitions.reconstruct import ReconstructableJob  # noqa: E402


def notebook_job() -> dg.JobDefinition:
    """Module-level, so that dagstermill can reconstruct the job in the notebook's kernel."""
    import os

    import dagstermill

    example = load_example("integrations/jupyter/notebook_asset.py")
    defs = dg.Definitions(
        assets=[example.iris_measurements, example.iris_summary],
        resources={
            "output_notebook_io_manager": dagstermill.ConfigurableLocalOutputNotebookIOManager(
                base_dir=os.environ["NOTEBOOK_TEST_OUTPUT"]
            )
        },
        jobs=[dg.define_asset_job("iris_job")],
        executor=dg.in_process_executor,
    )
    return defs.resolve_job_def("iris_job")


@pytest.mark.slow
def test_dagstermill_asset_runs_the_notebook(tmp_path, monkeypatch):
    import os

    monkeypatch.setenv("NOTEBOOK_TEST_OUTPUT", str(tmp_path / "notebooks"))
    # The notebook's kernel is a new process: it must be able to import this module.
    paths = [str(Path(__file__).parent), os.environ.get("PYTHONPATH", "")]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in paths if p))
    with dg.instance_for_test() as instance:
        result = dg.execute_job(
            ReconstructableJob.for_file(__file__, "notebook_job"),
            instance=instance,
            run_config={"ops": {"iris_summary": {"config": {"min_petal_length": 4.0}}}},
        )
        assert result.success
    # The asset's value is the executed notebook, saved by the output notebook I/O manager.
    (executed,) = list((tmp_path / "notebooks").rglob("*.ipynb"))
    text = executed.read_text()
    assert "'versicolor': 4.5" in text and "'virginica': 5.8" in text
    assert "setosa': 1.45" not in text


def test_dagstermill_reference_table_matches_the_io_manager():
    import dagstermill

    text = page_text("integrations/libraries/jupyter/reference.md")
    assert documented_fields(text, "Output notebook I/O manager") == pydantic_fields(
        dagstermill.ConfigurableLocalOutputNotebookIOManager
    )
    # Every name the page lists as the package's API exists in dagstermill.
    for name in re.findall(r"^\| `(\w+)` \|", text.split("## API at a glance")[1].split("\n## ")[0], re.M):
        assert hasattr(dagstermill, name), name


# --- GCP: BigQuery, GCS, Dataproc --------------------------------------------


class FakeQueryJob:
    job_id = "job_123"

    def result(self, *args, **kwargs):
        return []


class FakeBigQueryClient:
    def __init__(self):
        self.queries = []

    def query(self, *args, **kwargs):
        from google.cloud import bigquery

        bind(bigquery.Client.query, None, *args, **kwargs)
        self.queries.append(args[0] if args else kwargs["query"])
        return FakeQueryJob()


def test_bigquery_resource_runs_sql(monkeypatch):
    from contextlib import contextmanager

    from dagster_gcp import BigQueryResource

    example = load_example("integrations/gcp/bigquery/bigquery_resource.py")
    fake = FakeBigQueryClient()

    @contextmanager
    def get_client(self):
        yield fake

    monkeypatch.setattr(BigQueryResource, "get_client", get_client)
    result = dg.materialize(
        [example.daily_signups], resources={"bigquery": BigQueryResource(project="acme")}
    )
    assert result.success
    assert "analytics.daily_signups" in fake.queries[0]
    assert materializations(result)["daily_signups"]["job_id"] == "job_123"


def test_bigquery_io_manager_examples_resolve_tables(monkeypatch):
    monkeypatch.setenv("GCP_PROJECT", "acme")
    monkeypatch.setenv("GCP_CREDS_BASE64", "e30=")
    io_example = load_example("integrations/gcp/bigquery/bigquery_io_manager.py")
    ref = load_example("integrations/gcp/bigquery/bigquery_reference.py")
    assert io_example.products.key == dg.AssetKey(["shop", "products"])
    assert ref.page_views.metadata_by_key[ref.page_views.key]["partition_expr"] == (
        "TIMESTAMP(event_time)"
    )
    spec = ref.top_pages.get_asset_spec()
    assert spec.partitions_def == ref.daily
    # The pandas handler of the BigQuery I/O manager stores DataFrames.
    from dagster_gcp_pandas import BigQueryPandasTypeHandler

    assert pd_dataframe() in BigQueryPandasTypeHandler().supported_types


def pd_dataframe():
    import pandas as pd

    return pd.DataFrame


def test_bigquery_reference_tables_match_the_classes():
    from dagster_gcp import BigQueryResource
    from dagster_gcp_pandas import BigQueryPandasIOManager

    text = page_text("integrations/libraries/gcp/bigquery/reference.md")
    assert documented_fields(text, "BigQueryResource fields") == pydantic_fields(BigQueryResource)
    assert documented_fields(text, "BigQuery I/O manager fields") == pydantic_fields(
        BigQueryPandasIOManager
    )


class FakeBlob:
    def __init__(self, store, name):
        self.store, self.name = store, name

    def upload_from_string(self, *args, **kwargs):
        from google.cloud.storage import Blob

        bind(Blob.upload_from_string, None, *args, **kwargs)
        self.store[self.name] = args[0]


class FakeBucket:
    def __init__(self, store):
        self.store = store

    def blob(self, name):
        return FakeBlob(self.store, name)


class FakeGCSClient:
    def __init__(self):
        self.buckets: dict[str, dict] = {}

    def bucket(self, name):
        from google.cloud.storage import Client

        bind(Client.bucket, None, name)
        return FakeBucket(self.buckets.setdefault(name, {}))


def test_gcs_report_upload(monkeypatch):
    import json

    from dagster_gcp import GCSResource

    example = load_example("integrations/gcp/gcs/gcs.py")
    fake = FakeGCSClient()
    monkeypatch.setattr(GCSResource, "get_client", lambda self: fake)
    result = dg.materialize(
        [example.regions, example.regions_report],
        resources={"gcs": GCSResource(project="acme"), "io_manager": dg.FilesystemIOManager()},
    )
    assert result.success
    assert json.loads(fake.buckets["acme-reports"]["regions/latest.json"]) == {
        "emea": 162.0,
        "amer": 80.5,
    }
    assert example.defs.resources["io_manager"].gcs_prefix == "assets"


def test_gcs_page_table_matches_the_classes():
    from dagster_gcp import GCSFileManagerResource, GCSPickleIOManager, GCSResource

    text = page_text("integrations/libraries/gcp/gcs.md")
    assert documented_fields(text, "GCSResource") == pydantic_fields(GCSResource)
    assert documented_fields(text, "GCSPickleIOManager") == pydantic_fields(GCSPickleIOManager)
    assert documented_fields(text, "GCSFileManagerResource") == pydantic_fields(
        GCSFileManagerResource
    )


def test_dataproc_pipes_client(monkeypatch):
    import google.cloud.dataproc_v1
    import google.cloud.storage
    from dagster_gcp.pipes import PipesDataprocJobClient

    monkeypatch.setattr(google.cloud.storage, "Client", lambda *a, **k: object())
    import dagster_gcp.pipes.clients.dataproc_job as dataproc_job

    fake_jobs = object()
    monkeypatch.setattr(google.cloud.dataproc_v1, "JobControllerClient", lambda *a, **k: fake_jobs)
    monkeypatch.setattr(dataproc_job, "JobControllerClient", lambda *a, **k: fake_jobs)
    example = load_example("integrations/gcp/dataproc/dataproc_pipes.py")
    defs = example.defs()
    client = defs.resources["dataproc"]
    assert isinstance(client, PipesDataprocJobClient)

    calls = []

    class FakeInvocation:
        def get_materialize_result(self):
            return dg.MaterializeResult(metadata={"ok": True})

    def run(self, **kwargs):
        bind(PipesDataprocJobClient.run, self, **kwargs)
        calls.append(kwargs["submit_job_params"])
        return FakeInvocation()

    monkeypatch.setattr(PipesDataprocJobClient, "run", run)
    assert dg.materialize([example.spark_features], resources={"dataproc": client}).success
    assert calls[0]["job"]["pyspark_job"]["main_python_file_uri"].startswith("gs://")


def test_dataproc_page_table_matches_the_resource():
    from dagster_gcp import DataprocResource

    text = page_text("integrations/libraries/gcp/dataproc.md")
    assert documented_fields(text, "DataprocResource fields") == pydantic_fields(DataprocResource)


# --- Docker and Kubernetes ------------------------------------------------------


def fake_pipes_run(cls, calls):
    class FakeInvocation:
        def get_materialize_result(self):
            return dg.MaterializeResult(metadata={"ok": True})

    def run(self, **kwargs):
        bind(cls.run, self, **kwargs)
        calls.append(kwargs)
        return FakeInvocation()

    return run


def test_docker_pipes_asset(monkeypatch):
    from dagster_docker import PipesDockerClient

    example = load_example("integrations/docker/docker_pipes.py")
    calls = []
    monkeypatch.setattr(PipesDockerClient, "run", fake_pipes_run(PipesDockerClient, calls))
    result = dg.materialize([example.cleaned_orders], resources={"docker_pipes": PipesDockerClient()})
    assert result.success
    assert calls[0]["image"] == "acme/order-cleaner:1.4"
    assert calls[0]["extras"] == {"min_amount": 5}
    ast.parse((EXAMPLES / "integrations/docker/clean.py").read_text())


def test_docker_op_and_run_launcher_config():
    from dagster._config import validate_config
    from dagster_docker import DockerRunLauncher

    example = load_example("integrations/docker/docker_op.py")
    assert example.container_job.executor_def.name == "docker"
    config = yaml.safe_load((EXAMPLES / "integrations/docker/dagster.yaml").read_text())
    launcher = config["run_launcher"]
    assert (launcher["module"], launcher["class"]) == ("dagster_docker", "DockerRunLauncher")
    assert validate_config(DockerRunLauncher.config_type(), launcher["config"]).success


def test_docker_page_table_matches_the_launcher():
    from dagster_docker import DockerRunLauncher

    text = page_text("integrations/libraries/docker.md")
    assert documented_fields(text, "DockerRunLauncher configuration") == set(
        DockerRunLauncher.config_type()
    )


def test_k8s_pipes_asset_and_op(monkeypatch):
    from dagster_k8s import PipesK8sClient

    example = load_example("integrations/kubernetes/k8s_pipes.py")
    calls = []
    monkeypatch.setattr(PipesK8sClient, "run", fake_pipes_run(PipesK8sClient, calls))
    result = dg.materialize(
        [example.scored_customers], resources={"k8s_pipes": PipesK8sClient()}
    )
    assert result.success
    assert calls[0]["namespace"] == "data-jobs"
    op_example = load_example("integrations/kubernetes/k8s_job_op.py")
    assert op_example.migration_job.executor_def.name == "k8s"


def test_k8s_helm_values_shape():
    values = yaml.safe_load((EXAMPLES / "integrations/kubernetes/values.yaml").read_text())
    assert values["runLauncher"]["type"] == "K8sRunLauncher"
    launcher = values["runLauncher"]["config"]["k8sRunLauncher"]
    assert set(launcher) <= {"envSecrets", "runK8sConfig"}
    (deployment,) = values["dagster-user-deployments"]["deployments"]
    assert {"name", "image", "dagsterApiGrpcArgs", "port"} <= set(deployment)


def test_k8s_page_table_matches_the_launcher():
    from dagster_k8s import K8sRunLauncher

    text = page_text("integrations/libraries/kubernetes.md")
    assert documented_fields(text, "K8sRunLauncher configuration") == set(
        K8sRunLauncher.config_type()
    )


# --- GitHub, Hightouch, DingTalk, Hex, Vault, Nomad ------------------------------


def test_github_issue_asset(monkeypatch):
    from dagster_github import GithubResource
    from dagster_github.resources import GithubClient

    example = load_example("integrations/github/github_issue.py")
    created = []

    class FakeClient:
        def create_issue(self, **kwargs):
            bind(GithubClient.create_issue, None, **kwargs)
            created.append(kwargs)
            return {"data": {"createIssue": {"issue": {"id": "I_1"}}}}

    monkeypatch.setattr(GithubResource, "get_client", lambda self: FakeClient())
    resource = GithubResource(github_app_id=1, github_app_private_rsa_key="key")
    result = dg.materialize(
        [example.nightly_export, example.export_issue], resources={"github": resource}
    )
    assert result.success
    assert created[0]["repo_owner"] == "acme"


def test_github_page_table_matches_the_resource():
    from dagster_github import GithubResource

    text = page_text("integrations/libraries/github.md")
    assert documented_fields(text, "Configuration") == pydantic_fields(GithubResource)


def test_hightouch_sync_asset_and_component(monkeypatch):
    from dagster_hightouch import ConfigurableHightouchResource, HightouchSyncComponent
    from dagster_hightouch.types import HightouchOutput

    example = load_example("integrations/hightouch/hightouch_sync.py")
    synced = []

    def sync_and_poll(self, *args, **kwargs):
        bind(ConfigurableHightouchResource.sync_and_poll, self, *args, **kwargs)
        synced.append(kwargs.get("sync_id") or args[0])
        return HightouchOutput({}, {"id": 77}, {})

    monkeypatch.setattr(ConfigurableHightouchResource, "sync_and_poll", sync_and_poll)
    result = dg.materialize(
        [example.crm_segments_sync],
        resources={"hightouch": ConfigurableHightouchResource(api_key="k")},
    )
    assert result.success
    assert synced == ["123456"]
    assert materializations(result)["crm_segments_sync"]["sync_run_id"] == "77"

    attributes = yaml.safe_load(
        (EXAMPLES / "integrations/hightouch/hightouch_project/defs/crm_sync/defs.yaml").read_text()
    )
    assert attributes["type"] == "dagster_hightouch.HightouchSyncComponent"
    HightouchSyncComponent.get_model_cls().model_validate(attributes["attributes"])


def test_hightouch_page_table_matches_the_resource():
    from dagster_hightouch import ConfigurableHightouchResource

    text = page_text("integrations/libraries/hightouch.md")
    assert documented_fields(text, "Configuration") == pydantic_fields(
        ConfigurableHightouchResource
    )


def test_dingtalk_sensor_and_asset(monkeypatch):
    from dagster_dingtalk import DingTalkWebhookResource

    example = load_example("integrations/dingtalk/dingtalk_webhook.py")
    sent = []

    def fake(method_name):
        real = getattr(DingTalkWebhookResource, method_name)

        def send(self, *args, **kwargs):
            bind(real, self, *args, **kwargs)
            sent.append((method_name, args, kwargs))

        return send

    for name in ["send_text", "send_markdown"]:
        monkeypatch.setattr(DingTalkWebhookResource, name, fake(name))
    resource = DingTalkWebhookResource(access_token="t", secret="s")
    assert dg.materialize([example.daily_report], resources={"dingtalk": resource}).success
    assert sent[0][0] == "send_text"
    assert example.dingtalk_on_failure.name == "dingtalk_on_failure"


def test_dingtalk_page_table_matches_the_resource():
    from dagster_dingtalk import DingTalkWebhookResource

    text = page_text("integrations/libraries/dingtalk.md")
    assert documented_fields(text, "Configuration") == pydantic_fields(DingTalkWebhookResource)


def test_hex_job_runs_project(monkeypatch):
    from dagster_hex.resources import HexResource
    from dagster_hex.types import HexOutput

    example = load_example("integrations/hex/hex_project.py")
    monkeypatch.setenv("HEX_API_KEY", "k")
    runs = []

    def run_and_poll(self, *args, **kwargs):
        bind(HexResource.run_and_poll, self, *args, **kwargs)
        runs.append(kwargs)
        return HexOutput(
            run_response={
                "runId": "r1",
                "runUrl": "https://app.hex.tech/r1",
                "runStatusUrl": "https://app.hex.tech/api/r1",
                "traceId": "t",
                "projectId": "p",
            },
            status_response={
                "projectId": "p",
                "runId": "r1",
                "runUrl": "https://app.hex.tech/r1",
                "status": "COMPLETED",
                "startTime": "2024-06-01T07:00:00.000Z",
                "endTime": "2024-06-01T07:01:00.000Z",
                "elapsedTime": 60,
                "traceId": "t",
                "projectVersion": 3,
            },
        )

    monkeypatch.setattr(HexResource, "run_and_poll", run_and_poll)
    assert example.hex_refresh_job.execute_in_process().success
    # update_cache is a no-op in dagster-hex 0.1.10; the example leaves it off.
    assert runs[0]["update_cache"] is False
    assert runs[0]["inputs"] == {"region": "emea"}
    assert example.hex_refresh_schedule.cron_schedule == "0 7 * * *"


def test_hex_page_table_matches_the_resource_config():
    from dagster_hex.resources import hex_resource

    text = page_text("integrations/libraries/hex.md")
    fields = hex_resource.config_schema.as_field().config_type.fields
    assert documented_fields(text, "Configuration") == set(fields)


def test_vault_job_reads_and_writes_secrets(monkeypatch):
    from dagster_hashicorp.vault.secrets import Vault

    example = load_example("integrations/hashicorp/vault_secrets.py")
    monkeypatch.setenv("VAULT_ROLE_ID", "role")
    monkeypatch.setenv("VAULT_SECRET_ID", "secret")
    store = {"secret/data/reports/db": {"password": "old"}}

    def read_secret(self, *args, **kwargs):
        bind(Vault.read_secret, self, *args, **kwargs)
        return dict(store[kwargs["secret_path"]])

    def create_or_update_secret(self, *args, **kwargs):
        bind(Vault.create_or_update_secret, self, *args, **kwargs)
        store[kwargs["secret_path"]] = kwargs["secret"]

    monkeypatch.setattr(Vault, "read_secret", read_secret)
    monkeypatch.setattr(Vault, "create_or_update_secret", create_or_update_secret)
    monkeypatch.setattr(Vault, "get_client", lambda self: None, raising=False)
    monkeypatch.setattr(Vault, "__init__", lambda self, *a, **k: None)
    assert example.rotate_secrets_job.execute_in_process().success
    assert store["secret/data/reports/db"] == {"password": "old", "rotated": "yes"}


def test_vault_page_table_matches_the_resource_config():
    from dagster_hashicorp.vault import vault_resource

    text = page_text("integrations/libraries/hashicorp.md")
    fields = vault_resource.config_schema.as_field().config_type.fields
    assert documented_fields(text, "Configuration") == set(fields)


def test_nomad_run_launcher_config():
    from dagster._config import validate_config
    from dagster_nomad import NomadRunLauncher

    config = yaml.safe_load((EXAMPLES / "integrations/hashicorp_nomad/dagster.yaml").read_text())
    launcher = config["run_launcher"]
    assert (launcher["module"], launcher["class"]) == ("dagster_nomad", "NomadRunLauncher")
    assert validate_config(NomadRunLauncher.config_type(), launcher["config"]).success
    text = page_text("integrations/libraries/hashicorp-nomad.md")
    assert documented_fields(text, "Configuration") == set(NomadRunLauncher.config_type())


# --- Gemini (checked without the package) -----------------------------------------


def test_gemini_example_with_a_test_double(monkeypatch):
    """dagster-gemini is not installed (see the example's header): check names and run it
    against a stand-in module with the same API as dagster_gemini 0.0.6."""
    import types
    from contextlib import contextmanager

    source = (EXAMPLES / "integrations/gemini/gemini_resource.py").read_text()
    tree = ast.parse(source)
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "dagster_gemini"
        for alias in node.names
    }
    assert imported == {"GeminiResource"}

    prompts = []

    class GeminiResource(dg.ConfigurableResource):
        api_key: str
        generative_model_name: str

        @contextmanager
        def get_model(self, context):
            class Model:
                def generate_content(self, prompt):
                    prompts.append(prompt)
                    return types.SimpleNamespace(text="Exports and billing.")

            yield Model()

    fake_module = types.ModuleType("dagster_gemini")
    fake_module.GeminiResource = GeminiResource
    monkeypatch.setitem(sys.modules, "dagster_gemini", fake_module)
    example = load_example("integrations/gemini/gemini_resource.py")
    result = dg.materialize(
        [example.support_ticket_summary],
        resources={"gemini": GeminiResource(api_key="k", generative_model_name="gemini-1.5-flash")},
    )
    assert result.success
    assert "Safari" in prompts[0]
    fields = {
        node.target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }
    assert not fields  # the example only configures the resource
    text = page_text("integrations/libraries/gemini.md")
    assert documented_fields(text, "Configuration") == {"api_key", "generative_model_name"}


# --- Iceberg ------------------------------------------------------------------------


@pytest.mark.slow
def test_iceberg_pandas_with_a_sqlite_catalog(tmp_path, monkeypatch):
    from dagster_iceberg.config import IcebergCatalogConfig
    from dagster_iceberg.io_manager.pandas import PandasIcebergIOManager
    from pyiceberg.catalog import load_catalog

    example = load_example("integrations/iceberg/iceberg_pandas.py")
    (tmp_path / "warehouse").mkdir()
    properties = {
        "type": "sql",
        "uri": f"sqlite:///{tmp_path}/catalog.db",
        "warehouse": f"file://{tmp_path}/warehouse",
    }
    io_manager = PandasIcebergIOManager(
        name="local", config=IcebergCatalogConfig(properties=properties), namespace="retail"
    )
    resources = {"io_manager": io_manager}
    catalog = load_catalog("local", **properties)
    catalog.create_namespace("retail")  # the I/O manager does not create namespaces
    result = dg.materialize([example.store_sales, example.sales_per_store], resources=resources)
    assert result.success
    totals = result.output_for_node("sales_per_store").sort_values("store")
    assert totals.to_dict("list") == {"store": ["lyon", "porto"], "amount": [160.0, 80.0]}
    for day in ["2024-06-01", "2024-06-02", "2024-06-01"]:
        assert dg.materialize([example.daily_visits], partition_key=day, resources=resources).success
    visits = catalog.load_table("retail.daily_visits").scan().to_pandas()
    assert len(visits) == 4
    assert example.iceberg_io_manager.schema_ == "retail"


def test_iceberg_page_table_matches_the_classes():
    from dagster_iceberg.config import IcebergCatalogConfig
    from dagster_iceberg.io_manager.pandas import PandasIcebergIOManager
    from dagster_iceberg.resource import IcebergTableResource

    text = page_text("integrations/libraries/iceberg/index.md")
    assert documented_fields(text, "I/O manager fields") == pydantic_fields(PandasIcebergIOManager)
    assert documented_fields(text, "IcebergCatalogConfig fields") == pydantic_fields(
        IcebergCatalogConfig
    )
    assert documented_fields(text, "IcebergTableResource fields") == pydantic_fields(
        IcebergTableResource
    )


# --- lakeFS -------------------------------------------------------------------------


def test_lakefs_branch_commit_merge(monkeypatch):
    import lakefs
    from lakefs.branch import Branch
    from lakefs.object import WriteableObject

    example = load_example("integrations/lakefs/lakefs_branch.py")
    log = []

    class FakeObject:
        def __init__(self, path):
            self.path = path

        def upload(self, *args, **kwargs):
            bind(WriteableObject.upload, None, *args, **kwargs)
            log.append(("upload", self.path, kwargs["data"]))

    class FakeBranch:
        def __init__(self, branch_id):
            self.id = branch_id

        def create(self, *args, **kwargs):
            bind(Branch.create, None, *args, **kwargs)
            log.append(("create", self.id, kwargs["source_reference"]))
            return self

        def object(self, path):
            return FakeObject(path)

        def commit(self, *args, **kwargs):
            bind(Branch.commit, None, *args, **kwargs)
            log.append(("commit", self.id))
            return types_ns(get_commit=lambda: types_ns(id="c0ffee"))

        def merge_into(self, *args, **kwargs):
            bind(Branch.merge_into, None, *args, **kwargs)
            log.append(("merge", self.id, args[0].id))

        def delete(self, **kwargs):
            log.append(("delete", self.id))

    class FakeRepository:
        def __init__(self, repository_id, client=None):
            bind(lakefs.Repository.__init__, None, repository_id, client=client)

        def branch(self, branch_id):
            return FakeBranch(branch_id)

    monkeypatch.setattr(example.lakefs, "Repository", FakeRepository)
    monkeypatch.setattr(example, "Client", lambda **kwargs: kwargs)
    resource = example.LakeFSResource(
        host="http://localhost:8000", access_key_id="a", secret_access_key="s"
    )
    result = dg.materialize([example.daily_prices], resources={"lakefs_store": resource})
    assert result.success
    assert [entry[0] for entry in log] == ["create", "upload", "commit", "merge", "delete"]
    assert log[1][2].splitlines()[0] == "ticker,close"
    assert log[3][2] == "main"
    assert materializations(result)["daily_prices"]["commit_id"] == "c0ffee"


def types_ns(**kwargs):
    from types import SimpleNamespace

    return SimpleNamespace(**kwargs)


def test_lakefs_page_table_matches_the_example_resource():
    example = load_example("integrations/lakefs/lakefs_branch.py")
    text = page_text("integrations/libraries/lakefs.md")
    assert documented_fields(text, "Configuration") == pydantic_fields(example.LakeFSResource)
