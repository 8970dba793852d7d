"""Tests for the integration library pages Looker to Weaviate (site/examples/integrations/...).

No test talks to a real service. Each service client is replaced by a test double
whose calls are checked against the real client's method signatures, and the
configuration tables of the pages are compared with the installed classes so that
a missing or invented field fails.
"""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path
from types import SimpleNamespace

import dagster as dg
import pandas as pd
import pytest
import yaml
from example_loader import EXAMPLES_ROOT, definitions_of, load_example, validate

DOCS = EXAMPLES_ROOT.parent / "docs" / "integrations" / "libraries"


# --- helpers --------------------------------------------------------------


def check_loads(module) -> None:
    defs_list = definitions_of(module)
    assert defs_list
    for defs in defs_list:
        validate(defs)


def table_keys(page: str, heading: str, nth: int = 0) -> set[str]:
    """First-column names (in backticks) of the nth table after a heading of a page."""
    text = (DOCS / page).read_text()
    start = text.index(heading)
    tables, current = [], []
    for line in text[start:].splitlines()[1:]:
        if line.startswith("#") and not current and tables:
            break
        if line.startswith("|"):
            current.append(line)
        elif current:
            tables.append(current)
            current = []
            if len(tables) > nth:
                break
    if current:
        tables.append(current)
    rows = tables[nth][2:]
    keys = set()
    for row in rows:
        match = re.match(r"\|\s*`([^`]+)`", row)
        assert match, f"row without a name in {page}: {row}"
        keys.add(match.group(1))
    return keys


def pydantic_keys(cls) -> set[str]:
    """Field names as users write them (the alias where there is one: schema_ -> schema)."""
    return {field.alias or name for name, field in cls.model_fields.items()}


def bind(real_callable, *args, **kwargs) -> None:
    """Fail if a call made by an example would not fit the real method's signature."""
    inspect.signature(real_callable).bind(*args, **kwargs)


def materialization_metadata(result: dg.ExecuteInProcessResult) -> dict[str, dict]:
    found = {}
    for event in result.get_asset_materialization_events():
        mat = event.event_specific_data.materialization
        found[mat.asset_key.to_user_string()] = {k: v.value for k, v in mat.metadata.items()}
    return found


# --- configuration tables match the installed classes -----------------------------

RESOURCE_TABLES = [
    ("looker/using-looker-with-dagster.md", "## Step 1", 0, "dagster_looker", "LookerResource"),
    ("microsoft-teams.md", "## Configuration", 0, "dagster_msteams", "MSTeamsResource"),
    ("pagerduty.md", "## Configuration", 0, "dagster_pagerduty", "PagerDutyService"),
    ("powerbi/using-powerbi-with-dagster.md", "## Step 1", 0, "dagster_powerbi", "PowerBIWorkspace"),
    ("prometheus.md", "## Configuration", 0, "dagster_prometheus", "PrometheusResource"),
    ("sigma/using-sigma-with-dagster.md", "## Step 1", 0, "dagster_sigma", "SigmaOrganization"),
    ("slack.md", "## Configuration", 0, "dagster_slack", "SlackResource"),
    ("sling.md", "## Configuration", 0, "dagster_sling", "SlingResource"),
    ("sling.md", "## Configuration", 1, "dagster_sling", "SlingConnectionResource"),
    ("snowflake/reference.md", "## SnowflakeResource", 0, "dagster_snowflake", "SnowflakeResource"),
    ("snowflake/reference.md", "## Snowflake I/O managers", 0, "dagster_snowflake", "SnowflakeIOManager"),
    ("spark.md", "## Configuration", 0, "dagster_spark", "SparkPipelinesResource"),
    ("ssh-sftp.md", "## Configuration", 0, "dagster_ssh", "SSHResource"),
    ("twilio.md", "## Configuration", 0, "dagster_twilio.resources", "TwilioResource"),
    ("polars.md", "## Configuration", 0, "dagster_polars", "PolarsParquetIOManager"),
    ("notdiamond.md", "## Configuration", 0, "dagster_notdiamond", "NotDiamondResource"),
    ("qdrant.md", "## Configuration", 0, "dagster_qdrant", "QdrantConfig"),
    ("teradata.md", "## Configuration", 0, "dagster_teradata", "TeradataResource"),
    ("openai/using-openai-with-dagster.md", "## Step 1", 0, "dagster_openai", "OpenAIResource"),
    ("obstore.md", "## Configuration", 0, "dagster_obstore.s3", "S3ObjectStore"),
]


@pytest.mark.parametrize(
    "page, heading, nth, module, name", RESOURCE_TABLES, ids=[f"{r[3]}.{r[4]}" for r in RESOURCE_TABLES]
)
def test_configuration_table_matches_the_class(page, heading, nth, module, name):
    import importlib

    cls = getattr(importlib.import_module(module), name)
    assert table_keys(page, heading, nth) == pydantic_keys(cls)


def test_tableau_table_covers_both_workspaces():
    from dagster_tableau import TableauCloudWorkspace, TableauServerWorkspace

    documented = table_keys("tableau.md", "## Configuration")
    assert documented == pydantic_keys(TableauCloudWorkspace) | pydantic_keys(TableauServerWorkspace)


def test_snowflake_polars_io_manager_has_one_more_field():
    from dagster_snowflake import SnowflakeIOManager
    from dagster_snowflake_pandas import SnowflakePandasIOManager
    from dagster_snowflake_polars import SnowflakePolarsIOManager
    from dagster_snowflake_pyspark import SnowflakePySparkIOManager

    assert pydantic_keys(SnowflakePandasIOManager) == pydantic_keys(SnowflakeIOManager)
    assert pydantic_keys(SnowflakePySparkIOManager) == pydantic_keys(SnowflakeIOManager)
    assert pydantic_keys(SnowflakePolarsIOManager) - pydantic_keys(SnowflakeIOManager) == {"connector"}


def test_modal_client_arguments_table():
    from dagster_modal import ModalClient

    params = set(inspect.signature(ModalClient.__init__).parameters) - {"self"}
    assert table_keys("modal.md", "## Configuration") == params


def test_wandb_resource_config_table():
    from dagster_wandb import wandb_resource

    fields = set(wandb_resource.config_schema.config_type.fields)
    assert table_keys("wandb.md", "## Configuration") == fields


def test_powerbi_component_attribute_table():
    from dagster_powerbi import PowerBIWorkspaceComponent

    properties = set(PowerBIWorkspaceComponent.get_model_cls().model_json_schema()["properties"])
    assert table_keys("powerbi/using-powerbi-with-dagster.md", "## Use the component instead") == properties


def test_tableau_component_attribute_table():
    from dagster_tableau import TableauComponent

    properties = set(TableauComponent.get_model_cls().model_json_schema()["properties"])
    assert table_keys("tableau.md", "## Use the component instead") == properties


def test_slack_sensor_argument_table():
    from dagster_slack import make_slack_on_run_failure_sensor

    params = set(inspect.signature(make_slack_on_run_failure_sensor).parameters)
    assert table_keys("slack.md", "## Alert on failed runs") == params


def test_pagerduty_event_argument_table():
    from dagster_pagerduty import PagerDutyService

    params = set(inspect.signature(PagerDutyService.EventV2_create).parameters) - {"self"}
    documented = set()
    for key in table_keys("pagerduty.md", "## A minimal example"):
        documented |= {k.strip("` ") for k in key.split(",")}
    # "`component`, `group`, `event_class`" is one row of the table.
    text = (DOCS / "pagerduty.md").read_text()
    documented |= set(re.findall(r"\| `component`, `group`, `event_class`", text) and ["group", "event_class"])
    assert documented == params


def test_sigma_loader_argument_table():
    from dagster_sigma import load_sigma_asset_specs

    params = set(inspect.signature(load_sigma_asset_specs).parameters) - {"organization"}
    assert table_keys("sigma/using-sigma-with-dagster.md", "## Step 2") == params


def test_pandera_argument_table():
    from dagster_pandera import pandera_schema_to_dagster_type

    params = set(inspect.signature(pandera_schema_to_dagster_type).parameters)
    assert table_keys("pandera.md", "## Configuration") == params


def test_pages_list_every_public_name():
    """The 'what the integration gives you' tables name everything a package exports."""
    import importlib

    packages = {
        "looker/index.md": "dagster_looker",
        "powerbi/index.md": "dagster_powerbi",
        "tableau.md": "dagster_tableau",
        "sigma/index.md": "dagster_sigma",
        "sling.md": "dagster_sling",
        "slack.md": "dagster_slack",
        "microsoft-teams.md": "dagster_msteams",
        "pagerduty.md": "dagster_pagerduty",
        "prometheus.md": "dagster_prometheus",
        "pandas.md": "dagster_pandas",
        "pandera.md": "dagster_pandera",
        "polars.md": "dagster_polars",
        "snowflake/index.md": "dagster_snowflake",
        "spark.md": "dagster_spark",
        "ssh-sftp.md": "dagster_ssh",
        "twilio.md": "dagster_twilio",
        "openai/index.md": "dagster_openai",
        "modal.md": "dagster_modal",
        "notdiamond.md": "dagster_notdiamond",
        "qdrant.md": "dagster_qdrant",
        "teradata.md": "dagster_teradata",
        "wandb.md": "dagster_wandb",
    }
    not_api = {"DagsterLibraryRegistry", "version", "__version__", "importlib"}
    for page, package in packages.items():
        module = importlib.import_module(package)
        names = getattr(module, "__all__", None) or [
            n for n in dir(module) if not n.startswith("_")
        ]
        public = {
            n
            for n in names
            if n not in not_api
            and not inspect.ismodule(getattr(module, n))
        }
        text = (DOCS / page).read_text()
        missing = {
            n for n in public if not any(f"`{p}{n}{s}" in text for p in ("", "@") for s in ("`", "("))
        }
        assert not missing, f"{page} does not mention {sorted(missing)}"


# --- component YAML files validate against the components' models -------------------

COMPONENT_FILES = [
    ("integrations/looker/component/defs.yaml", "dagster_looker", "LookerComponent"),
    ("integrations/powerbi/component/defs.yaml", "dagster_powerbi", "PowerBIWorkspaceComponent"),
    ("integrations/tableau/component/defs.yaml", "dagster_tableau", "TableauComponent"),
    ("integrations/sigma/component/defs.yaml", "dagster_sigma", "SigmaComponent"),
    (
        "integrations/sling/component/defs.yaml",
        "dagster_sling",
        "SlingReplicationCollectionComponent",
    ),
]


@pytest.mark.parametrize("path, module, name", COMPONENT_FILES, ids=[c[2] for c in COMPONENT_FILES])
def test_component_yaml_is_valid(path, module, name):
    import importlib

    component = getattr(importlib.import_module(module), name)
    document = yaml.safe_load((EXAMPLES_ROOT / path).read_text())
    assert document["type"] == f"{module}.{name}"
    component.get_model_cls().model_validate(document["attributes"])


def test_sling_component_replication_file():
    replication = yaml.safe_load(
        (EXAMPLES_ROOT / "integrations/sling/component/replication.yaml").read_text()
    )
    assert replication["source"] == "LOCAL"
    defs_yaml = yaml.safe_load(
        (EXAMPLES_ROOT / "integrations/sling/component/defs.yaml").read_text()
    )
    assert replication["target"] in defs_yaml["attributes"]["connections"]
    assert {s["meta"]["dagster"]["asset_key"] for s in replication["streams"].values()} == {
        "raw_orders",
        "raw_customers",
    }


# --- examples that run without a service ---------------------------------------------


def test_pandas_type_accepts_good_and_rejects_bad_frames():
    example = load_example("integrations/pandas/pandas_types.py")
    check_loads(example)
    assert dg.materialize([example.trips]).success

    bad = pd.DataFrame(
        {"trip_id": [1, 1], "city": ["Lisbon", None], "distance_km": [-1.0, 2.0], "payment": ["card", "crypto"]}
    )
    check = example.TripsDataFrame.type_check(None, bad)
    assert not check.success


def test_pandas_type_failure_fails_the_step():
    example = load_example("integrations/pandas/pandas_types.py")

    @dg.asset(dagster_type=example.TripsDataFrame, name="trips")
    def broken_trips() -> pd.DataFrame:
        return pd.DataFrame(
            {"trip_id": [0], "city": ["Porto"], "distance_km": [1.0], "payment": ["card"]}
        )

    result = dg.materialize([broken_trips], raise_on_error=False)
    assert not result.success


def test_pandera_schema_passes_and_fails():
    example = load_example("integrations/pandera/pandera_schema.py")
    check_loads(example)
    assert dg.materialize([example.orders]).success

    good = pd.DataFrame({"order_id": [1], "status": ["placed"], "amount": [1.0]})
    assert example.OrdersDagsterType.type_check(None, good).success
    bad = pd.DataFrame({"order_id": [1, 1], "status": ["lost", "placed"], "amount": [-5.0, 1.0]})
    result = example.OrdersDagsterType.type_check(None, bad)
    assert not result.success


def test_polars_parquet_round_trip(tmp_path, monkeypatch):
    import polars as pl

    monkeypatch.setenv("POLARS_DATA_DIR", str(tmp_path))
    example = load_example("integrations/polars/polars_parquet.py")
    check_loads(example)
    resources = {"polars_io_manager": example.polars_io_manager}

    # Writing works with any Polars version, and records the row count and schema.
    written = dg.materialize([example.sales], resources=resources)
    assert written.success
    assert pl.read_parquet(tmp_path / "sales.parquet").height == 3
    metadata = materialization_metadata(written)["sales"]
    assert metadata["dagster/row_count"] == 3
    assert "dagster/column_schema" in metadata

    result = dg.materialize(
        [example.sales, example.sales_by_region], resources=resources, raise_on_error=False
    )
    if int(pl.__version__.split(".")[0]) >= 2:
        # The page warns about this: dagster-polars 0.27.12 cannot load inputs with Polars 2.
        assert not result.success
        return
    assert result.success
    by_region = pl.read_parquet(tmp_path / "sales_by_region.parquet")
    assert by_region.to_dicts() == [
        {"region": "north", "amount": 160.0},
        {"region": "south", "amount": 40.0},
    ]


def test_obstore_asset_writes_to_a_store(tmp_path):
    import json

    import obstore
    from dagster_obstore.s3 import S3ObjectStore
    from obstore.store import LocalStore

    example = load_example("integrations/obstore/obstore_upload.py")
    check_loads(example)
    buckets = []

    class LocalObjectStore(S3ObjectStore):
        def create_store(self, bucket, timeout="60s", retry_config=None):
            bind(S3ObjectStore.create_store, self, bucket, timeout=timeout, retry_config=retry_config)
            buckets.append(bucket)
            return LocalStore(str(tmp_path))

    store = LocalObjectStore(access_key_id="a", secret_access_key="b")
    result = dg.materialize([example.daily_export], resources={"s3": store})
    assert result.success
    assert buckets == ["analytics-exports"]
    written = obstore.get(LocalStore(str(tmp_path)), "exports/daily.json").bytes()
    assert json.loads(bytes(written)) == [{"sku": "A-1", "units": 3}, {"sku": "B-7", "units": 5}]
    assert materialization_metadata(result)["daily_export"]["rows"] == 2


def test_obstore_s3_store_builds_offline():
    from dagster_obstore.s3 import S3ObjectStore
    from obstore.store import S3Store

    store = S3ObjectStore(access_key_id="a", secret_access_key="b").create_store(bucket="x")
    assert isinstance(store, S3Store)


def test_sling_assets_come_from_the_replication(monkeypatch):
    from dagster_sling import SlingResource

    monkeypatch.setenv("DUCKDB_DATABASE", "/tmp/warehouse.duckdb")
    example = load_example("integrations/sling/sling_replication.py")
    check_loads(example)
    specs = {s.key.to_user_string(): s for s in example.raw_files.specs}
    assert set(specs) == {"raw_orders", "raw_customers"}
    assert {d.asset_key.to_user_string() for d in specs["raw_orders"].deps} == {"landing_orders_csv"}
    replicated = []

    class FakeSling(SlingResource):
        """Stands in for the sling binary: yields what replicate() yields for each stream."""

        def replicate(self, *, context, **kwargs):
            bind(SlingResource.replicate, self, context=context, **kwargs)
            replicated.append(sorted(k.to_user_string() for k in context.selected_asset_keys))
            for key in context.selected_asset_keys:
                yield dg.MaterializeResult(asset_key=key, metadata={"stream": key.to_user_string()})

    fake = FakeSling(connections=example.sling.connections)
    result = dg.materialize([*example.landing_files, example.raw_files], resources={"sling": fake})
    assert result.success
    assert replicated == [["raw_customers", "raw_orders"]]
    connection = example.sling.connections[0]
    assert (connection.name, connection.type) == ("WAREHOUSE", "duckdb")


# --- services replaced by test doubles ----------------------------------------------


def test_slack_asset_posts_and_sensor_exists():
    from dagster_slack import SlackResource
    from slack_sdk import WebClient

    example = load_example("integrations/slack/slack_alerts.py")
    check_loads(example)
    posted = []

    class FakeWebClient:
        def chat_postMessage(self, **kwargs):
            bind(WebClient.chat_postMessage, WebClient(), **kwargs)
            posted.append(kwargs)

    class FakeSlack(SlackResource):
        def get_client(self):
            return FakeWebClient()

    result = dg.materialize([example.weekly_summary], resources={"slack": FakeSlack(token="x")})
    assert result.success
    assert posted == [{"channel": "#data-team", "text": "The weekly summary is ready."}]
    assert example.slack_on_run_failure.name == "slack_on_run_failure"


def test_teams_asset_posts_a_card():
    from dagster_msteams import MSTeamsResource
    from dagster_msteams.client import TeamsClient

    example = load_example("integrations/microsoft_teams/teams_alerts.py")
    check_loads(example)
    payloads = []

    class FakeTeamsClient:
        def post_message(self, payload):
            bind(TeamsClient.post_message, None, payload=payload)
            payloads.append(payload)
            return True

    class FakeTeams(MSTeamsResource):
        def get_client(self):
            return FakeTeamsClient()

    result = dg.materialize(
        [example.nightly_report], resources={"teams": FakeTeams(hook_url="https://x")}
    )
    assert result.success
    assert "The nightly report is ready." in str(payloads[0])
    assert example.teams_on_run_failure.name == "teams_on_run_failure"


def test_pagerduty_check_pages_only_on_failure(monkeypatch):
    from dagster_pagerduty import PagerDutyService

    example = load_example("integrations/pagerduty/pagerduty_alert.py")
    check_loads(example)
    events = []

    def fake_event(self, **kwargs):
        bind(PagerDutyService.EventV2_create, self, **kwargs)
        events.append(kwargs)

    monkeypatch.setattr(PagerDutyService, "EventV2_create", fake_event)
    service = PagerDutyService(routing_key="r")
    result = dg.materialize(
        [example.order_volume, example.order_volume_is_plausible], resources={"pagerduty": service}
    )
    assert result.success
    assert [e.passed for e in result.get_asset_check_evaluations()] == [True]
    assert events == []

    @dg.asset(name="order_volume")
    def zero_volume() -> int:
        return 0

    result = dg.materialize(
        [zero_volume, example.order_volume_is_plausible], resources={"pagerduty": service}
    )
    (evaluation,) = result.get_asset_check_evaluations()
    assert not evaluation.passed
    assert events[0]["severity"] == "error" and events[0]["dedup_key"] == "order_volume_zero"


def test_prometheus_asset_pushes_its_gauge(monkeypatch):
    from dagster_prometheus import PrometheusResource

    example = load_example("integrations/prometheus/prometheus_metrics.py")
    check_loads(example)
    pushes = []

    def fake_push(self, job, grouping_key=None, **kwargs):
        bind(PrometheusResource.push_to_gateway, self, job, grouping_key=grouping_key, **kwargs)
        values = {m.name: m.samples[0].value for m in self.registry.collect()}
        pushes.append((job, values))

    monkeypatch.setattr(PrometheusResource, "push_to_gateway", fake_push)
    resource = PrometheusResource(gateway="pushgateway:9091")
    result = dg.materialize([example.cleaned_events], resources={"prometheus": resource})
    assert result.success
    assert pushes == [("dagster_assets", {"cleaned_events_rows": 3.0})]


def test_sftp_asset_downloads_the_file(monkeypatch, tmp_path):
    from dagster_ssh import SSHResource

    monkeypatch.chdir(tmp_path)
    example = load_example("integrations/ssh_sftp/sftp_download.py")
    check_loads(example)
    calls = []

    def fake_get(self, remote_filepath, local_filepath):
        bind(SSHResource.sftp_get, self, remote_filepath=remote_filepath, local_filepath=local_filepath)
        calls.append(remote_filepath)
        Path(local_filepath).write_text("id,total\n1,10\n")
        return local_filepath

    monkeypatch.setattr(SSHResource, "sftp_get", fake_get)
    monkeypatch.setattr(SSHResource, "setup_for_execution", lambda self, context: None)
    resource = SSHResource(remote_host="sftp.example.com", username="u", no_host_key_check=False)
    result = dg.materialize([example.partner_orders_file], resources={"sftp": resource})
    assert result.success
    assert calls == ["/outbound/orders.csv"]
    assert materialization_metadata(result)["partner_orders_file"]["size_bytes"] == 14
    assert example.sftp.no_host_key_check is False


def test_twilio_asset_sends_an_sms(monkeypatch):
    from dagster_twilio.resources import TwilioResource
    from twilio.rest.api.v2010.account.message import MessageList

    example = load_example("integrations/twilio/twilio_sms.py")
    check_loads(example)
    sent = []

    def create(**kwargs):
        bind(MessageList.create, None, **kwargs)
        sent.append(kwargs)

    fake_client = SimpleNamespace(messages=SimpleNamespace(create=create))
    monkeypatch.setattr(TwilioResource, "create_client", lambda self: fake_client)
    result = dg.materialize(
        [example.stock_alert], resources={"twilio": TwilioResource(account_sid="AC1", auth_token="t")}
    )
    assert result.success
    assert sent[0]["to"] == "+15550002222"


def test_openai_asset_records_usage(monkeypatch):
    from openai.resources.chat.completions import Completions
    from openai.types import CompletionUsage
    from openai.types.chat import ChatCompletion

    example = load_example("integrations/openai/openai_summary.py")
    check_loads(example)

    def fake_create(self, **kwargs):
        bind(Completions.create, self, **kwargs)
        return ChatCompletion.model_validate(
            {
                "id": "c1",
                "object": "chat.completion",
                "created": 0,
                "model": kwargs["model"],
                "choices": [
                    {
                        "index": 0,
                        "finish_reason": "stop",
                        "message": {"role": "assistant", "content": "Dark mode and faster startup."},
                    }
                ],
                "usage": CompletionUsage(prompt_tokens=20, completion_tokens=6, total_tokens=26).model_dump(),
            }
        )

    monkeypatch.setattr(Completions, "create", fake_create)
    result = dg.materialize([example.release_notes_summary], resources={"openai": example.openai.__class__(api_key="sk-test")})
    assert result.success
    assert result.output_for_node("release_notes_summary") == "Dark mode and faster startup."
    metadata = materialization_metadata(result)["release_notes_summary"]
    assert metadata["openai.gpt-4o-mini.total_tokens"] == 26
    assert metadata["openai.gpt-4o-mini.calls"] == 1


def test_notdiamond_asset_returns_the_recommended_model(monkeypatch):
    from dagster_notdiamond import NotDiamondResource
    from notdiamond import NotDiamond

    example = load_example("integrations/notdiamond/notdiamond_routing.py")
    check_loads(example)
    calls = []

    def fake_select(self, **kwargs):
        bind(NotDiamond.model_select, self, **kwargs)
        calls.append(kwargs)
        return "session-1", "openai/gpt-4o-mini"

    monkeypatch.setattr(NotDiamond, "model_select", fake_select)
    result = dg.materialize(
        [example.best_model_for_support], resources={"notdiamond": NotDiamondResource(api_key="k")}
    )
    assert result.success
    assert result.output_for_node("best_model_for_support") == "openai/gpt-4o-mini"
    assert calls[0]["tradeoff"] == "cost"


def test_qdrant_asset_against_local_mode():
    from dagster_qdrant import QdrantConfig, QdrantResource

    example = load_example("integrations/qdrant/qdrant_collection.py")
    check_loads(example)
    qdrant = QdrantResource(config=QdrantConfig(location=":memory:"))
    assert dg.materialize([example.product_vectors], resources={"qdrant": qdrant}).success


def test_teradata_asset_reads_a_count(monkeypatch):
    from contextlib import contextmanager

    from dagster_teradata import TeradataResource

    example = load_example("integrations/teradata/teradata_query.py")
    check_loads(example)
    queries = []

    class Cursor:
        def execute(self, sql):
            queries.append(sql)

        def fetchone(self):
            return (17,)

    @contextmanager
    def fake_connection(self):
        yield SimpleNamespace(cursor=Cursor)

    monkeypatch.setattr(TeradataResource, "get_connection", fake_connection)
    resource = TeradataResource(host="h", user="u", password="p")
    result = dg.materialize([example.active_customers], resources={"teradata": resource})
    assert result.success
    assert result.output_for_node("active_customers") == 17
    assert "status = 'active'" in queries[0]


def test_snowflake_resource_assets(monkeypatch):
    from contextlib import contextmanager

    from dagster_snowflake import SnowflakeResource

    example = load_example("integrations/snowflake/snowflake_resource.py")
    check_loads(example)
    statements = []

    class Cursor:
        def execute(self, sql):
            statements.append(" ".join(sql.split()))

        def fetchone(self):
            return (5,) if "count" in statements[-1] else (1234.5,)

    @contextmanager
    def fake_connection(self, raw_conn=True):
        yield SimpleNamespace(cursor=Cursor)

    monkeypatch.setattr(SnowflakeResource, "get_connection", fake_connection)
    resource = SnowflakeResource(account="a", user="u", password="p")
    result = dg.materialize(
        [example.daily_revenue, example.revenue_last_7_days], resources={"snowflake": resource}
    )
    assert result.success
    assert materialization_metadata(result)["daily_revenue"]["dagster/row_count"] == 5
    assert result.output_for_node("revenue_last_7_days") == 1234.5
    assert statements[0].startswith("create or replace table daily_revenue")
    assert example.snowflake.schema_ == "PUBLIC"


def test_snowflake_io_manager_examples_configure_handlers():
    from dagster_snowflake_pandas import SnowflakePandasTypeHandler
    from dagster_snowflake_polars import SnowflakePolarsTypeHandler
    from dagster_snowflake_pyspark import SnowflakePySparkTypeHandler

    pandas_example = load_example("integrations/snowflake/snowflake_pandas_io_manager.py")
    check_loads(pandas_example)
    assert pandas_example.revenue_by_customer.key == dg.AssetKey(["marts", "revenue_by_customer"])
    example = load_example("integrations/snowflake/snowflake_type_handlers.py")
    check_loads(example)
    handlers = example.SnowflakeDataFrameIOManager.type_handlers()
    assert [type(h) for h in handlers] == [
        SnowflakePandasTypeHandler,
        SnowflakePolarsTypeHandler,
        SnowflakePySparkTypeHandler,
    ]
    assert example.SnowflakeDataFrameIOManager.default_load_type() is pd.DataFrame


def test_wandb_example_configures_the_io_manager():
    example = load_example("integrations/wandb/wandb_artifacts.py")
    check_loads(example)
    assert example.training_rows.metadata_by_key[dg.AssetKey("training_rows")][
        "wandb_artifact_configuration"
    ] == {"type": "dataset"}
    assert set(example.resources) == {"wandb_config", "wandb_resource", "io_manager"}


def test_modal_asset_runs_modal_run(monkeypatch):
    from dagster_modal import ModalClient

    example = load_example("integrations/modal/modal_pipes.py")
    check_loads(example)
    runs = []

    def fake_run(self, *, command, context, extras=None, env=None, **kwargs):
        runs.append((command, extras, self.cwd))
        return dg.PipesClientCompletedInvocation(
            SimpleNamespace(get_results=lambda: [], get_custom_messages=lambda: []),
        )

    monkeypatch.setattr(dg.PipesSubprocessClient, "run", fake_run)
    with pytest.raises(Exception):
        # No materialization was reported by the fake session, so get_materialize_result fails.
        dg.materialize([example.transcripts], resources={"modal": ModalClient(project_directory="/app")})
    command, extras, cwd = runs[0]
    assert command == ["modal", "run", "modal_app.py"]
    assert extras == {"episode_url": "https://example.com/episode-42.mp3"}
    assert cwd == "/app"


def test_spark_examples():
    submit = load_example("integrations/spark/spark_submit.py")
    check_loads(submit)
    op_def = submit.compute_daily_totals
    assert set(op_def.config_schema.config_type.fields) == {
        "master_url",
        "deploy_mode",
        "application_jar",
        "spark_conf",
        "spark_home",
        "application_arguments",
    }
    pipes = load_example("integrations/spark/spark_pipes.py")
    check_loads(pipes)


# --- BI tools: loaders replaced by canned content ----------------------------------


def _spec(key, **kwargs):
    return dg.AssetSpec(key, **kwargs)


def test_powerbi_semantic_models_become_refresh_assets(monkeypatch):
    import dagster_powerbi

    specs = [
        _spec(
            "sales_model",
            tags={"dagster-powerbi/asset_type": "semantic_model"},
            metadata={"dagster-powerbi/id": "ds-1"},
        ),
        _spec("sales_report", deps=["sales_model"], tags={"dagster-powerbi/asset_type": "report"}),
    ]
    calls = []

    def fake_load(workspace, dagster_powerbi_translator=None, use_workspace_scan=True):
        calls.append(workspace)
        return specs

    monkeypatch.setattr(dagster_powerbi, "load_powerbi_asset_specs", fake_load)
    example = load_example("integrations/powerbi/powerbi_assets.py")
    check_loads(example)
    kinds = {type(a).__name__ for a in example.powerbi_assets}
    assert kinds == {"AssetsDefinition", "AssetSpec"}
    refresh = next(a for a in example.powerbi_assets if isinstance(a, dg.AssetsDefinition))
    assert refresh.key == dg.AssetKey("sales_model")
    assert "powerbi" in refresh.required_resource_keys


def test_sigma_workbooks_become_materializable(monkeypatch):
    import dagster_sigma

    specs = [
        _spec("revenue_workbook", kinds={"sigma", "workbook"}),
        _spec("orders_dataset", kinds={"sigma", "dataset"}),
    ]
    monkeypatch.setattr(dagster_sigma, "load_sigma_asset_specs", lambda **kwargs: specs)
    example = load_example("integrations/sigma/sigma_assets.py")
    check_loads(example)
    materializable = [a for a in example.sigma_assets if isinstance(a, dg.AssetsDefinition)]
    assert [a.key for a in materializable] == [dg.AssetKey("revenue_workbook")]
    assert "sigma" in materializable[0].required_resource_keys


def test_looker_example_builds_pdt_asset(monkeypatch):
    import dagster_looker

    monkeypatch.setattr(dagster_looker, "load_looker_asset_specs", lambda **kwargs: [_spec("sales_dashboard")])
    example = load_example("integrations/looker/looker_assets.py")
    check_loads(example)
    (pdt,) = example.pdt_assets
    assert "looker" in pdt.required_resource_keys
    assert len(list(pdt.keys)) == 1


def test_tableau_example_refreshes_with_the_decorator(monkeypatch):
    import dagster_tableau
    from dagster_tableau import TableauCloudWorkspace

    specs = [
        _spec("sales_extract", tags={"dagster-tableau/asset_type": "data_source"}),
        _spec("sales_sheet", deps=["sales_extract"], tags={"dagster-tableau/asset_type": "sheet"}),
    ]
    monkeypatch.setattr(dagster_tableau, "load_tableau_asset_specs", lambda **kwargs: specs)

    def fake_tableau_assets(*, workspace, name=None, group_name=None, **kwargs):
        bind(dagster_tableau.tableau_assets, workspace=workspace, name=name, group_name=group_name, **kwargs)
        return dg.multi_asset(specs=specs, name=name)

    monkeypatch.setattr(dagster_tableau, "tableau_assets", fake_tableau_assets)
    example = load_example("integrations/tableau/tableau_assets.py")
    check_loads(example)
    assert isinstance(example.tableau, TableauCloudWorkspace)
    assert example.tableau_specs == specs
    bind(TableauCloudWorkspace.refresh_and_poll, example.tableau, context=None)
