"""Tests for the Dagster+ deployment types pages (site/docs/dagster-plus/deployment/deployment-types).

Agent configuration files are validated against the config schemas that the installed
dagster-cloud package ships; reference tables on the pages are compared with the same
schemas, so a missing or invented key fails.
"""

import importlib
import inspect
import json
import pkgutil
import re
import shlex
import tomllib
from pathlib import Path

import boto3
import click
import dagster as dg
import pytest
import typer.main
import yaml
from dagster._config import ConfigTypeKind, validate_config
from dagster._config import convert_potential_field
from dagster_cloud.instance import DagsterCloudAgentInstance
from dagster_cloud.workspace.config_schema import CONFIG_SCHEMA_FIELDS
from dagster_cloud_cli.config.models import load_dagster_cloud_yaml
from moto import mock_aws

from example_loader import load_example

EXAMPLES = Path(__file__).resolve().parent.parent / "dagster_plus" / "deployment_types"
DOCS = (
    Path(__file__).resolve().parents[2] / "docs" / "dagster-plus" / "deployment" / "deployment-types"
)

LAUNCHERS = {
    "dagster_cloud.workspace.user_code_launcher.ProcessUserCodeLauncher": "hybrid/local.md",
    "dagster_cloud.workspace.docker.DockerUserCodeLauncher": "hybrid/docker/configuration.md",
    "dagster_cloud.workspace.ecs.EcsUserCodeLauncher": "hybrid/amazon-ecs/configuration-reference.md",
    "dagster_cloud.workspace.kubernetes.K8sUserCodeLauncher": "hybrid/kubernetes/configuration.md",
    "dagster_cloud.workspace.aca.AcaUserCodeLauncher": "hybrid/azure/index.md",
}


def _launcher_class(module: str, cls: str):
    return getattr(importlib.import_module(module), cls)


def _fields(config):
    return convert_potential_field(config).config_type.fields


def _instance_fields():
    return _fields(DagsterCloudAgentInstance.config_schema())


def _key_tables(page: str) -> list[list[str]]:
    """Return the first-column keys of every `| Key | Type | Required | ...` table on a page."""
    tables, current = [], None
    for line in (DOCS / page).read_text().splitlines():
        if line.startswith("| Key | Type | Required | Default | Meaning |"):
            current = []
            tables.append(current)
        elif current is not None and line.startswith("| `"):
            current.append(re.match(r"\| `([^`]+)`", line).group(1))
        elif current is not None and not line.startswith("| ---"):
            current = None
    return tables


def _validate(schema_fields, value):
    result = validate_config(convert_potential_field(schema_fields).config_type, value)
    assert result.success, [e.message for e in result.errors]


# ---------------------------------------------------------------------------
# The agent's dagster.yaml files
# ---------------------------------------------------------------------------

AGENT_YAMLS = [
    "hybrid/local/dagster.yaml",
    "hybrid/docker/dagster.yaml",
    "hybrid/amazon_ecs/dagster.yaml",
    "hybrid/multiple/dagster.yaml",
    "multi_tenancy/dagster.yaml",
]


@pytest.mark.parametrize("path", AGENT_YAMLS)
def test_agent_dagster_yaml_matches_the_agent_schemas(path):
    config = yaml.safe_load((EXAMPLES / path).read_text())
    assert config.pop("instance_class") == {
        "module": "dagster_cloud.instance",
        "class": "DagsterCloudAgentInstance",
    }
    # validate_config checks keys and types without resolving `env:` values.
    _validate(DagsterCloudAgentInstance.config_schema(), config)
    assert not (
        "deployment" in config["dagster_cloud_api"] and "deployments" in config["dagster_cloud_api"]
    )
    launcher = config["user_code_launcher"]
    cls = _launcher_class(launcher["module"], launcher["class"])
    _validate(cls.config_type(), launcher.get("config", {}))


def test_invented_agent_key_is_rejected():
    config = yaml.safe_load((EXAMPLES / "hybrid/docker/dagster.yaml").read_text())
    config.pop("instance_class")
    config["dagster_cloud_api"]["agent_name"] = "typo"
    result = validate_config(
        convert_potential_field(DagsterCloudAgentInstance.config_schema()).config_type, config
    )
    assert not result.success


def test_multi_tenancy_agent_only_allows_its_locations():
    config = yaml.safe_load((EXAMPLES / "multi_tenancy/dagster.yaml").read_text())
    locations = load_dagster_cloud_yaml((EXAMPLES / "multi_tenancy/dagster_cloud.yaml").read_text())
    finance = {loc.location_name for loc in locations.locations if loc.agent_queue == "finance"}
    assert set(config["allowed_full_deployment_locations"]["prod"]) >= finance
    assert config["agent_queues"] == {"include_default_queue": False, "additional_queues": ["finance"]}


def test_multiple_agents_queue_is_served():
    agent = yaml.safe_load((EXAMPLES / "hybrid/multiple/dagster.yaml").read_text())
    locations = load_dagster_cloud_yaml((EXAMPLES / "hybrid/multiple/dagster_cloud.yaml").read_text())
    queues = {loc.agent_queue for loc in locations.locations if loc.agent_queue}
    assert queues <= set(agent["agent_queues"]["additional_queues"])
    assert agent["isolated_agents"]["enabled"] is True


# ---------------------------------------------------------------------------
# dagster_cloud.yaml files
# ---------------------------------------------------------------------------

DAGSTER_CLOUD_YAMLS = sorted(p.relative_to(EXAMPLES).as_posix() for p in EXAMPLES.rglob("dagster_cloud.yaml"))


@pytest.mark.parametrize("path", DAGSTER_CLOUD_YAMLS)
def test_dagster_cloud_yaml_is_valid(path):
    parsed = load_dagster_cloud_yaml((EXAMPLES / path).read_text())
    assert parsed.locations
    container_context_schema = CONFIG_SCHEMA_FIELDS["container_context"].config_type
    for location in parsed.locations:
        if location.container_context:
            result = validate_config(container_context_schema, location.container_context)
            assert result.success, [e.message for e in result.errors]


# ---------------------------------------------------------------------------
# Reference tables on the pages
# ---------------------------------------------------------------------------


def _expected_launcher_rows(cls) -> list[str]:
    rows = []
    for name, field in _fields(cls.config_type()).items():
        rows.append(name)
        if name == "server_ttl":
            rows += [f"server_ttl.{sub}" for sub in field.config_type.fields]
    return rows


@pytest.mark.parametrize("dotted, page", LAUNCHERS.items())
def test_launcher_table_lists_every_config_key(dotted, page):
    module, cls_name = dotted.rsplit(".", 1)
    expected = _expected_launcher_rows(_launcher_class(module, cls_name))
    tables = [t for t in _key_tables(page) if set(t) == set(expected)]
    assert tables, f"no table on {page} matches {cls_name}: {_key_tables(page)}"


def test_agent_reference_lists_every_instance_key():
    tables = _key_tables("hybrid/amazon-ecs/configuration-reference.md")
    assert set(tables[0]) == set(_instance_fields())
    api_fields = _fields(_instance_fields()["dagster_cloud_api"].config_type).keys()
    assert set(tables[1]) == {f"dagster_cloud_api.{k}" for k in api_fields}


@pytest.mark.parametrize(
    "kind, page",
    [
        ("ecs", "hybrid/amazon-ecs/configuration-reference.md"),
        ("k8s", "hybrid/kubernetes/configuration.md"),
        ("docker", "hybrid/docker/configuration.md"),
    ],
)
def test_container_context_table_lists_every_key(kind, page):
    fields = CONFIG_SCHEMA_FIELDS["container_context"].config_type.fields[kind].config_type.fields
    expected = {f"container_context.{kind}.{k}" for k in fields}
    assert any(set(t) == expected for t in _key_tables(page))


def test_aca_container_context_keys_named_on_the_azure_page():
    fields = CONFIG_SCHEMA_FIELDS["container_context"].config_type.fields["aca"].config_type.fields
    text = (DOCS / "hybrid/azure/index.md").read_text()
    sentence = next(line for line in text.splitlines() if "container_context.aca" in line)
    assert set(re.findall(r"`(\w+)`", sentence)) - {"container_context", "dagster_cloud"} >= set(fields)


def test_launcher_list_is_complete():
    """The table of launchers names every concrete launcher class dagster-cloud ships."""
    import dagster_cloud.workspace as workspace
    from dagster_cloud.workspace.user_code_launcher import DagsterCloudUserCodeLauncher

    found = set()
    for info in pkgutil.walk_packages(workspace.__path__, "dagster_cloud.workspace."):
        module = importlib.import_module(info.name)
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, DagsterCloudUserCodeLauncher) and hasattr(obj, "config_type"):
                if not inspect.isabstract(obj) and obj.__module__.startswith("dagster_cloud.workspace"):
                    found.add(obj.__name__)
    text = (DOCS / "hybrid/amazon-ecs/configuration-reference.md").read_text()
    section = text.split("## User code launchers")[1].split("###")[0]
    listed = set(re.findall(r"\| `(\w+UserCodeLauncher)` \|", section))
    assert listed == found
    for dotted in LAUNCHERS:
        module, cls_name = dotted.rsplit(".", 1)
        assert f"| `{module}` | `{cls_name}` |" in section


# ---------------------------------------------------------------------------
# Helm values
# ---------------------------------------------------------------------------

# No values.schema.json for the dagster-cloud-agent chart could be found, so the keys are
# checked against the ones confirmed in Dagster's published Kubernetes agent, multiple
# agents, Azure Blob Storage and Azure Key Vault guides (docs.dagster.io, "dagster-plus/
# deployment ... hybrid/kubernetes/setup", ".../configuration", ".../multiple",
# ".../azure/blob-compute-logs", ".../azure/key-vault"). Subtrees that are passed through to
# Kubernetes objects are not walked.
CONFIRMED_HELM_KEYS = {
    "dagsterCloud.deployments",
    "dagsterCloud.branchDeployments",
    "dagsterCloud.agentLabel",
    "dagsterCloud.agentQueues.includeDefaultQueue",
    "dagsterCloud.agentQueues.additionalQueues",
    "dagsterCloud.agentTokenSecretName",
    "dagsterCloud.agentTokenEnvVarName",
    "dagsterCloudAgent.image.tag",
    "dagsterCloudAgent.replicas",
    "dagsterCloudAgent.resources",
    "dagsterCloudAgent.podSecurityContext",
    "dagsterCloudAgent.labels",
    "dagsterCloudAgent.volumes",
    "dagsterCloudAgent.volumeMounts",
    "workspace.envSecrets",
    "workspace.labels",
    "workspace.volumes",
    "workspace.volumeMounts",
    "imagePullSecrets",
    "isolatedAgents.enabled",
    "computeLogs.enabled",
    "computeLogs.custom",
    "serviceAccount.create",
    "serviceAccount.annotations",
    "extraManifests",
}

HELM_VALUES = [
    "hybrid/kubernetes/values.yaml",
    "hybrid/kubernetes/values_isolated.yaml",
    "hybrid/kubernetes/values_compute_logs.yaml",
    "hybrid/kubernetes/values_irsa.yaml",
    "hybrid/azure/values_blob_compute_logs.yaml",
    "hybrid/azure/values_key_vault.yaml",
]


def _helm_paths(values, prefix=""):
    for key, value in values.items():
        path = f"{prefix}{key}"
        if path in CONFIRMED_HELM_KEYS:
            yield path
        elif isinstance(value, dict):
            yield from _helm_paths(value, path + ".")
        else:
            yield path


@pytest.mark.parametrize("path", HELM_VALUES)
def test_helm_values_use_confirmed_keys(path):
    values = yaml.safe_load((EXAMPLES / path).read_text())
    unknown = set(_helm_paths(values)) - CONFIRMED_HELM_KEYS
    assert not unknown


@pytest.mark.parametrize(
    "path, module, cls_name",
    [
        ("hybrid/kubernetes/values_compute_logs.yaml", "dagster_aws.s3.compute_log_manager", "S3ComputeLogManager"),
        (
            "hybrid/azure/values_blob_compute_logs.yaml",
            "dagster_azure.blob.compute_log_manager",
            "AzureBlobComputeLogManager",
        ),
    ],
)
def test_helm_compute_log_manager_config_is_valid(path, module, cls_name):
    custom = yaml.safe_load((EXAMPLES / path).read_text())["computeLogs"]["custom"]
    assert (custom["module"], custom["class"]) == (module, cls_name)
    _validate(_launcher_class(module, cls_name).config_type(), custom["config"])


def test_key_vault_secret_names_line_up():
    values = yaml.safe_load((EXAMPLES / "hybrid/azure/values_key_vault.yaml").read_text())
    spc = yaml.safe_load((EXAMPLES / "hybrid/azure/secret_provider_class.yaml").read_text())
    assert spc["kind"] == "SecretProviderClass"
    synced = spc["spec"]["secretObjects"][0]
    assert synced["secretName"] == values["dagsterCloud"]["agentTokenSecretName"]
    assert synced["data"][0]["key"] == values["dagsterCloud"]["agentTokenEnvVarName"]
    for section in ("dagsterCloudAgent", "workspace"):
        attrs = values[section]["volumes"][0]["csi"]["volumeAttributes"]
        assert attrs["secretProviderClass"] == spc["metadata"]["name"]


# ---------------------------------------------------------------------------
# Docker Compose, ECS task definition and IAM policy
# ---------------------------------------------------------------------------


def test_compose_file_runs_the_agent_image():
    compose = yaml.safe_load((EXAMPLES / "hybrid/docker/docker-compose.yaml").read_text())
    assert set(compose["services"]) == {"dagster-cloud-agent"}
    agent = compose["services"]["dagster-cloud-agent"]
    assert agent["image"].startswith("docker.io/dagster/dagster-cloud-agent:")
    assert agent["command"] == ["dagster-cloud", "agent", "run", "/opt/dagster/app"]
    assert "/var/run/docker.sock:/var/run/docker.sock" in agent["volumes"]
    assert "./dagster.yaml:/opt/dagster/app/dagster.yaml:ro" in agent["volumes"]
    # The network the agent joins is the one the launcher puts containers on.
    agent_config = yaml.safe_load((EXAMPLES / "hybrid/docker/dagster.yaml").read_text())
    network = agent_config["user_code_launcher"]["config"]["networks"][0]
    assert network in agent["networks"]
    assert compose["networks"][network]["name"] == network


def test_ecs_task_definition_is_a_valid_register_task_definition_request():
    from botocore.validate import ParamValidator

    task_definition = json.loads((EXAMPLES / "hybrid/amazon_ecs/agent_task_definition.json").read_text())
    model = boto3.session.Session(region_name="us-east-1").client("ecs").meta.service_model
    report = ParamValidator().validate(
        task_definition, model.operation_model("RegisterTaskDefinition").input_shape
    )
    assert not report.has_errors(), report.generate_report()
    container = task_definition["containerDefinitions"][0]
    assert container["secrets"][0]["name"] == "DAGSTER_CLOUD_AGENT_TOKEN"
    assert container["command"] == ["dagster-cloud", "agent", "run", "/opt/dagster/app"]


def test_ecs_agent_policy_and_config_agree():
    policy = json.loads((EXAMPLES / "hybrid/amazon_ecs/agent_task_policy.json").read_text())
    actions = set(policy["Statement"][0]["Action"])
    assert {"ecs:RunTask", "ecs:RegisterTaskDefinition", "iam:PassRole", "servicediscovery:CreateService"} <= actions
    dockerfile = (EXAMPLES / "hybrid/amazon_ecs/Dockerfile").read_text()
    assert "FROM docker.io/dagster/dagster-cloud-agent" in dockerfile
    assert "COPY dagster.yaml /opt/dagster/app/dagster.yaml" in dockerfile


# ---------------------------------------------------------------------------
# CLI commands on the pages and in the CI script
# ---------------------------------------------------------------------------


def _root(program):
    if program == "dagster-cloud":
        from dagster_cloud_cli.entrypoint import app

        return typer.main.get_command(app)
    from dagster_dg_cli.cli import cli

    return cli


def _check_command(argv):
    command = _root(argv[0])
    ctx = command.context_class(command)
    args = argv[1:]
    # typer may bring its own copy of click, so look for groups by duck typing.
    while hasattr(command, "get_command") and args and not args[0].startswith("-"):
        sub = command.get_command(ctx, args[0])
        assert sub is not None, f"{' '.join(argv)}: unknown command {args[0]}"
        command, args = sub, args[1:]
        ctx = command.context_class(command, parent=ctx)
    options = {opt for p in command.params for opt in p.opts + p.secondary_opts}
    for arg in args:
        if arg.startswith("--"):
            assert arg.split("=")[0] in options, f"{' '.join(argv)}: unknown option {arg}"


def _commands_in(text):
    text = text.replace("\\\n", " ")
    for line in text.splitlines():
        line = line.strip()
        if line.startswith(("dagster-cloud ", "dg plus ")):
            yield shlex.split(line.split(" #")[0].replace("<", "").replace(">", ""))


def test_ci_script_uses_existing_commands_and_flags():
    commands = list(_commands_in((EXAMPLES / "serverless/deploy_serverless.sh").read_text()))
    assert [c[:3] for c in commands] == [
        ["dagster-cloud", "ci", "check"],
        ["dagster-cloud", "ci", "init"],
        ["dagster-cloud", "ci", "build"],
        ["dagster-cloud", "ci", "deploy"],
        ["dagster-cloud", "ci", "status"],
    ]
    for argv in commands:
        _check_command(argv)


PAGES = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))


@pytest.mark.parametrize("page", PAGES)
def test_cli_lines_on_pages_exist(page):
    blocks = re.findall(r"```shell\n(.*?)```", (DOCS / page).read_text(), re.S)
    for argv in _commands_in("\n".join(blocks)):
        _check_command(argv)


# ---------------------------------------------------------------------------
# Serverless examples
# ---------------------------------------------------------------------------


def test_non_isolated_job_carries_the_isolation_tag():
    example = load_example("dagster_plus/deployment_types/serverless/run_isolation.py")
    job = example.defs.resolve_job_def("quick_check_job")
    assert job.tags["dagster/isolation"] == "disabled"
    assert "dagster/isolation" not in example.defs.resolve_job_def("report_job").tags
    result = job.execute_in_process()
    assert result.success


def test_deployment_settings_enable_non_isolated_runs():
    settings = yaml.safe_load((EXAMPLES / "serverless/deployment_settings.yaml").read_text())
    assert settings == {
        "non_isolated_runs": {"enabled": True, "max_concurrent_non_isolated_runs": 1}
    }


def test_own_io_manager_writes_to_the_bucket():
    example = load_example("dagster_plus/deployment_types/serverless/own_io_manager.py")
    with mock_aws():
        s3 = boto3.client("s3", region_name="us-east-1")
        s3.create_bucket(Bucket="acme-dagster-io")
        result = dg.materialize(
            [example.customer_contacts, example.contact_count],
            resources={"io_manager": example.defs.resources["io_manager"]},
        )
        assert result.success
        assert result.output_for_node("contact_count") == 1
        keys = {o["Key"] for o in s3.list_objects_v2(Bucket="acme-dagster-io")["Contents"]}
    assert {"serverless/customer_contacts", "serverless/contact_count"} <= keys


def test_pyproject_declares_dagster_cloud():
    project = tomllib.loads((EXAMPLES / "serverless/pyproject.toml").read_text())["project"]
    names = {re.split(r"[ <>=@\[]", dep)[0] for dep in project["dependencies"]}
    assert {"dagster", "dagster-cloud"} <= names
    dockerfile = (EXAMPLES / "serverless/Dockerfile.base").read_text()
    assert 'pip install --no-cache-dir "dagster-cloud[serverless]"' in dockerfile


def test_serverless_ip_lists_are_well_formed():
    import ipaddress

    text = (DOCS / "serverless/dagster-ips.md").read_text()
    us, eu = re.findall(r"```text\n(.*?)```", text, re.S)[:2]
    us_ips = [ipaddress.IPv4Address(line) for line in us.split()]
    eu_ips = [ipaddress.IPv4Address(line) for line in eu.split()]
    assert len(us_ips) == 15 and len(eu_ips) == 3
    assert not set(us_ips) & set(eu_ips)
