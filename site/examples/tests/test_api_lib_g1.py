"""Tests for the examples of the library API pages of group g1:
dagster-aws, dagster-ssh, dagster-twilio, dagster-prometheus.

No test reaches a real service: S3 runs on moto's in-memory backend, and the
SSH, Twilio and Prometheus clients are replaced by small test doubles.
"""


import io
import pickle
import warnings

import boto3
import dagster as dg
import pytest
from example_loader import load_example, validate
from moto import mock_aws

BASE = "api/libraries"


@pytest.fixture
def aws_env(monkeypatch):
    """Enough configuration for boto3 to build clients; none of it is real."""
    for name in ("AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_CONFIG_FILE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", "/nonexistent")


# --- dagster-aws --------------------------------------------------------------


def test_aws_example_lists_keys_and_pickles_values_to_s3(aws_env):
    example = load_example(f"{BASE}/dagster_aws_reference.py")
    validate(example.defs)
    with mock_aws():
        client = boto3.client("s3", region_name="us-east-1")
        client.create_bucket(Bucket="acme-raw-orders")
        client.create_bucket(Bucket="acme-dagster-io")
        for key in ("incoming/b.csv", "incoming/a.csv", "archive/old.csv"):
            client.put_object(Bucket="acme-raw-orders", Key=key, Body=b"id\n1\n")

        result = dg.materialize(
            [example.landed_order_files, example.order_file_count],
            resources=example.defs.resources,
        )
        assert result.success
        assert result.output_for_node("landed_order_files") == [
            "incoming/a.csv",
            "incoming/b.csv",
        ]
        assert result.output_for_node("order_file_count") == 2

        # The I/O manager wrote one pickle per asset under <s3_prefix>/<asset key>.
        stored = client.list_objects_v2(Bucket="acme-dagster-io")["Contents"]
        assert sorted(o["Key"] for o in stored) == [
            "pipeline/landed_order_files",
            "pipeline/order_file_count",
        ]
        body = client.get_object(Bucket="acme-dagster-io", Key="pipeline/order_file_count")
        assert pickle.loads(body["Body"].read()) == 2


def test_aws_s3_resource_returns_a_boto3_client(aws_env):
    from dagster_aws.s3 import S3Resource

    client = S3Resource(region_name="eu-west-1").get_client()
    assert client.meta.service_model.service_name == "s3"
    assert client.meta.region_name == "eu-west-1"


def test_aws_credentials_component_drops_fields_the_resource_lacks():
    """The page says fields a resource does not declare are ignored."""
    from dagster_aws import AthenaClientResourceComponent, AthenaCredentialsComponent

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        component = AthenaClientResourceComponent(
            credentials=AthenaCredentialsComponent(region_name="eu-west-1", workgroup="etl"),
            resource_key="athena",
        )
        resource = component.resource
    assert resource.workgroup == "etl"
    assert not hasattr(resource, "region_name")


def test_aws_s3_fake_session_keeps_objects_in_memory():
    from dagster_aws.s3 import create_s3_fake_resource

    fake = create_s3_fake_resource({"bucket": {"a/key": b"hello"}})
    fake.put_object(Bucket="bucket", Key="a/other", Body=b"world")
    keys = [o["Key"] for o in fake.list_objects_v2(Bucket="bucket", Prefix="a/")["Contents"]]
    assert keys == ["a/key", "a/other"]
    assert fake.get_object(Bucket="bucket", Key="a/other")["Body"].read() == b"world"


def test_aws_fake_redshift_client_returns_fixed_rows():
    from dagster_aws.redshift import FakeRedshiftClientResource

    client = FakeRedshiftClientResource(host="localhost").get_client()
    assert client.execute_query("select 1", fetch_results=True) == [(1,)]
    assert client.execute_queries(["a", "b"], fetch_results=True) == [[(1,)]] * 3


def test_aws_components_yaml_attributes_build_the_resources():
    """Each document of the page's defs.yaml builds its resource (fast path)."""
    import importlib

    import yaml
    from dagster_aws.s3 import S3Resource

    from example_loader import EXAMPLES_ROOT

    source = EXAMPLES_ROOT / BASE / "dagster_aws_components.yaml"
    documents = list(yaml.safe_load_all(source.read_text()))
    built = {}
    for document in documents:
        module_name, class_name = document["type"].rsplit(".", 1)
        component_type = getattr(importlib.import_module(module_name), class_name)
        component = component_type.from_attributes_dict(attributes=document["attributes"])
        built[component.resource_key] = component.resource
    assert set(built) == {"s3", "secrets"}
    assert isinstance(built["s3"], S3Resource)
    assert built["secrets"].secrets_tag == "dagster"


@pytest.mark.slow
def test_aws_components_yaml_registers_both_resources(tmp_path, monkeypatch):
    """The defs.yaml shown on the page loads in a dg project and binds two resources."""
    from dagster_aws.s3 import S3Resource
    from dagster_aws.secretsmanager import SecretsManagerSecretsResource

    from example_loader import EXAMPLES_ROOT

    package = tmp_path / "aws_components_g1"
    (package / "defs" / "aws").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "defs" / "__init__.py").write_text("")
    source = EXAMPLES_ROOT / BASE / "dagster_aws_components.yaml"
    (package / "defs" / "aws" / "defs.yaml").write_text(source.read_text())
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "aws-components-g1"\nversion = "0.1"\n'
        '[tool.dg]\ndirectory_type = "project"\n'
        '[tool.dg.project]\nroot_module = "aws_components_g1"\n'
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        defs = dg.load_from_defs_folder(project_root=tmp_path)

    s3 = defs.resources["s3"]
    assert isinstance(s3, S3Resource)
    assert (s3.region_name, s3.profile_name) == ("us-east-1", "analytics")
    secrets = defs.resources["secrets"]
    assert isinstance(secrets, SecretsManagerSecretsResource)
    assert secrets.secrets_tag == "dagster"


# --- the page's lists of options match the package ------------------------------

def _entry_text(page: str, name: str) -> str:
    from example_loader import EXAMPLES_ROOT

    text = (
        EXAMPLES_ROOT.parent / "docs" / "api" / "python-api" / "libraries" / page
    ).read_text()
    start = text.index(f'<ApiEntry name="{name}">')
    return text[start : text.index("</ApiEntry>", start)]


def test_aws_ecs_executor_options_listed_completely():
    from dagster_aws.ecs import ecs_executor

    entry = _entry_text("dagster-aws.md", "dagster_aws.ecs.ecs_executor")
    for key in ecs_executor.config_schema.config_type.fields:
        assert f"`{key}`" in entry, key


def test_aws_emr_step_launcher_options_listed_completely():
    from dagster_aws.emr import emr_pyspark_step_launcher

    entry = _entry_text("dagster-aws.md", "dagster_aws.emr.emr_pyspark_step_launcher")
    for key in emr_pyspark_step_launcher.config_schema.config_type.fields:
        assert f"`{key}`" in entry, key


def test_aws_pipes_client_table_lists_every_client():
    import dagster_aws.pipes as pipes

    from example_loader import EXAMPLES_ROOT

    text = (
        EXAMPLES_ROOT.parent / "docs" / "api" / "python-api" / "libraries" / "dagster-aws.md"
    ).read_text()
    rows = {line.split("`")[1] for line in text.splitlines() if line.startswith("| `Pipes")}
    assert rows == {name for name in pipes.__all__ if name.endswith("Client")}


# --- dagster-ssh ----------------------------------------------------------------


class FakeSFTPClient:
    """The part of paramiko's SFTPClient that SSHResource uses."""

    def __init__(self, files: dict[str, bytes], calls: list):
        self.files = files
        self.calls = calls

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def get(self, remotepath, localpath, callback=None, prefetch=True, max_concurrent_prefetch_requests=None):
        self.calls.append(("get", remotepath, localpath))
        with open(localpath, "wb") as f:
            f.write(self.files[remotepath])

    def put(self, localpath, remotepath, callback=None, confirm=True):
        self.calls.append(("put", localpath, remotepath, confirm))
        with open(localpath, "rb") as f:
            self.files[remotepath] = f.read()


class FakeSSHClient:
    def __init__(self, files, calls):
        self.sftp = FakeSFTPClient(files, calls)
        self.closed = False

    def open_sftp(self):
        return self.sftp

    def close(self):
        self.closed = True


def test_ssh_example_downloads_and_counts_rows(monkeypatch, tmp_path):
    import paramiko
    from dagster_ssh import SSHResource

    # A real RSA key in the environment, so that key_string is parsed as on a server.
    key_text = io.StringIO()
    paramiko.RSAKey.generate(1024).write_private_key(key_text)
    monkeypatch.setenv("PARTNER_SFTP_PRIVATE_KEY", key_text.getvalue())

    files = {"/exports/orders.csv": b"id,amount\n1,10\n2,20\n3,5\n"}
    calls: list = []
    connections: list = []

    def fake_get_connection(self):
        assert self.remote_host == "sftp.partner.example.com"
        assert self.remote_port == 22
        assert self.no_host_key_check is False
        connections.append(FakeSSHClient(files, calls))
        return connections[-1]

    monkeypatch.setattr(SSHResource, "get_connection", fake_get_connection)
    example = load_example(f"{BASE}/dagster_ssh_reference.py")
    validate(example.defs)

    instance = dg.DagsterInstance.ephemeral(tempdir=str(tmp_path))
    result = dg.materialize(
        [example.partner_orders_file], resources=example.defs.resources, instance=instance
    )
    assert result.success
    [event] = result.get_asset_materialization_events()
    metadata = event.materialization.metadata
    assert metadata["row_count"].value == 3
    assert calls == [("get", "/exports/orders.csv", metadata["path"].value)]
    assert connections[0].closed  # sftp_get closes its connection


def test_ssh_sftp_put_uploads_and_returns_the_local_path(monkeypatch, tmp_path):
    from dagster_ssh import SSHResource

    files: dict = {}
    calls: list = []
    monkeypatch.setattr(SSHResource, "get_connection", lambda self: FakeSSHClient(files, calls))
    local = tmp_path / "report.csv"
    local.write_text("a\n1\n")

    @dg.asset
    def upload(sftp: SSHResource) -> str:
        return sftp.sftp_put("/inbox/report.csv", str(local))

    result = dg.materialize(
        [upload], resources={"sftp": SSHResource(remote_host="h", remote_port=22, username="u")}
    )
    assert result.output_for_node("upload") == str(local)
    assert files["/inbox/report.csv"] == b"a\n1\n"
    assert calls[0][3] is True  # confirm defaults to True


# --- dagster-twilio -------------------------------------------------------------


def test_twilio_example_texts_the_late_shipments(monkeypatch):
    from types import SimpleNamespace

    from dagster_twilio import TwilioResource

    monkeypatch.setenv("TWILIO_ACCOUNT_SID", "AC00000000000000000000000000000000")
    monkeypatch.setenv("TWILIO_AUTH_TOKEN", "not-a-real-token")
    sent = []
    seen_credentials = []

    class FakeMessages:
        def create(self, to, from_, body, **kwargs):
            sent.append({"to": to, "from_": from_, "body": body})
            return SimpleNamespace(sid="SM123")

    def fake_create_client(self):
        seen_credentials.append((self.account_sid, self.auth_token))
        return SimpleNamespace(messages=FakeMessages())

    monkeypatch.setattr(TwilioResource, "create_client", fake_create_client)
    example = load_example(f"{BASE}/dagster_twilio_reference.py")
    validate(example.defs)

    result = dg.materialize(
        [example.late_shipments, example.late_shipment_alert], resources=example.defs.resources
    )
    assert result.success
    assert seen_credentials == [("AC00000000000000000000000000000000", "not-a-real-token")]
    assert sent == [
        {
            "to": "+15555550100",
            "from_": "+15555550199",
            "body": "2 late shipments: SO-1042, SO-1077",
        }
    ]
    [event] = [
        e
        for e in result.get_asset_materialization_events()
        if e.asset_key == dg.AssetKey("late_shipment_alert")
    ]
    assert event.materialization.metadata["message_sid"].value == "SM123"


def test_twilio_create_client_builds_a_rest_client():
    from dagster_twilio import TwilioResource
    from twilio.rest import Client

    client = TwilioResource(account_sid="AC123", auth_token="token").create_client()
    assert isinstance(client, Client)
    assert client.username == "AC123"


# --- dagster-prometheus ---------------------------------------------------------


def _capturing_handler(requests: list):
    """A prometheus_client push handler that records the request instead of sending it."""

    def handler(url, method, timeout, headers, data):
        def send():
            requests.append(
                {"url": url, "method": method, "timeout": timeout, "body": data.decode()}
            )

        return send

    return handler


def test_prometheus_example_pushes_the_gauge(monkeypatch):
    import dagster_prometheus.resources as prometheus_resources
    import prometheus_client

    requests: list = []
    real_push = prometheus_client.push_to_gateway

    def push_without_network(**kwargs):
        # Same call as the resource makes, with a handler that records the request.
        kwargs["handler"] = _capturing_handler(requests)
        real_push(**kwargs)

    monkeypatch.setattr(prometheus_resources.prometheus_client, "push_to_gateway", push_without_network)
    example = load_example(f"{BASE}/dagster_prometheus_reference.py")
    validate(example.defs)

    result = dg.materialize([example.cleaned_events], resources=example.defs.resources)
    assert result.success
    assert result.output_for_node("cleaned_events") == [{"id": 1, "ok": True}, {"id": 3, "ok": True}]
    [request] = requests
    assert request["method"] == "PUT"  # push_to_gateway replaces the group's metrics
    assert request["url"] == "http://pushgateway:9091/metrics/job/dagster_assets/asset/cleaned_events"
    assert request["timeout"] == 10
    assert "cleaned_events_rows 2.0" in request["body"]


def test_prometheus_pushadd_and_delete_use_post_and_delete():
    from dagster_prometheus import PrometheusResource

    requests: list = []
    resource = PrometheusResource(gateway="pushgateway:9091")
    with dg.build_resources({"prometheus": resource}) as built:
        prometheus = built.prometheus
        prometheus.pushadd_to_gateway(job="j", handler=_capturing_handler(requests))
        prometheus.delete_from_gateway(job="j", handler=_capturing_handler(requests))
    assert [r["method"] for r in requests] == ["POST", "DELETE"]
    # No scheme in the gateway address means http.
    assert requests[0]["url"] == "http://pushgateway:9091/metrics/job/j"
    assert requests[0]["timeout"] == 30


def test_prometheus_function_style_resource_has_no_registry():
    """The page warns that the function-style resource skips the registry setup."""
    from dagster_prometheus import PrometheusResource, prometheus_resource

    requests: list = []
    configured = prometheus_resource.configured({"gateway": "pushgateway:9091"})
    with dg.build_resources({"prometheus": configured}) as built:
        assert isinstance(built.prometheus, PrometheusResource)
        assert built.prometheus.registry is None
        built.prometheus.delete_from_gateway(job="j", handler=_capturing_handler(requests))
    assert [r["method"] for r in requests] == ["DELETE"]
