"""Tests for the Dagster+ code location, management and migration pages.

The reference tables on those pages are parsed out of the Markdown and
compared with the models and config schemas that `dagster-cloud` and
`dagster-cloud-cli` ship, so that a key the packages add, drop or rename fails
here. The YAML files a reader copies are validated with the same models the
CLI and the agent use. Nothing here talks to Dagster+.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import dagster as dg
import pytest
import typer
import yaml
from dagster._config import Shape, process_config, validate_config
from dagster._core.instance.config import dagster_instance_config, dagster_instance_config_schema
from example_loader import EXAMPLES_ROOT, load_example

EXAMPLES = EXAMPLES_ROOT / "dagster_plus" / "deployment"
DOCS = EXAMPLES_ROOT.parent / "docs" / "dagster-plus" / "deployment"
MANAGEMENT = DOCS / "management"


# --- helpers --------------------------------------------------------------

TABLE_ROW = re.compile(r"^\|\s*`(?P<key>[^`]+)`\s*\|")


def table_keys(page: Path, section: str | None = None) -> set[str]:
    """First-column keys (in backticks) of the Markdown tables on a page.

    With `section`, only tables under the h2 heading whose text contains it.
    """
    keys: set[str] = set()
    current = None
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            current = line[3:]
            continue
        if section is not None and (current is None or section not in current):
            continue
        match = TABLE_ROW.match(line)
        if match:
            keys.add(match["key"])
    return keys


def read_yaml(name: str):
    return yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))


def leaf_paths(data: dict, prefix: str = "", stop: frozenset[str] = frozenset()) -> set[str]:
    """Dotted paths of a nested mapping; keys in `stop` are leaves."""
    paths = set()
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and key not in stop:
            paths |= leaf_paths(value, f"{path}.", stop)
        else:
            paths.add(path)
    return paths


def cli_commands(command, path: tuple[str, ...] = ()) -> set[str]:
    """Every visible leaf command of a click/typer command tree."""
    found: set[str] = set()
    subcommands = getattr(command, "commands", None)
    if subcommands is None:
        return {" ".join(path)}
    for name, sub in subcommands.items():
        if getattr(sub, "hidden", False):
            continue
        found |= cli_commands(sub, (*path, name))
    return found


# --- dagster_cloud.yaml ---------------------------------------------------


def test_dagster_cloud_yaml_table_matches_the_model():
    from dagster_cloud_cli.config.models import (
        Build,
        CodeSource,
        DagsterCloudYaml,
        Location,
        LocationDefaults,
    )

    expected = (
        set(DagsterCloudYaml.model_fields)
        | set(Location.model_fields)
        | {f"code_source.{f}" for f in CodeSource.model_fields}
        | {f"build.{f}" for f in Build.model_fields}
        | {f"defaults.{f}" for f in LocationDefaults.model_fields}
    )
    documented = table_keys(DOCS / "code-locations" / "dagster-cloud-yaml.md")
    assert documented == expected, (
        f"missing: {sorted(expected - documented)}; not in the model: {sorted(documented - expected)}"
    )


@pytest.mark.parametrize(
    "name",
    [
        "dagster_cloud.yaml",
        "dagster_cloud_defaults.yaml",
        "container_context_k8s.yaml",
        "container_context_ecs.yaml",
        "container_context_docker.yaml",
    ],
)
def test_dagster_cloud_yaml_examples_pass_the_cli_check(name, tmp_path):
    from dagster_cloud_cli.commands.ci.checks import check_dagster_cloud_yaml

    # The check also verifies that build directories exist next to the file.
    shutil.copy(EXAMPLES / name, tmp_path / "dagster_cloud.yaml")
    for directory in ("analytics", "ingestion", "marts"):
        (tmp_path / directory).mkdir()
    result = check_dagster_cloud_yaml(tmp_path / "dagster_cloud.yaml")
    assert result.errors == []


def test_dagster_cloud_yaml_container_contexts_are_valid_for_each_agent(monkeypatch):
    # A bare NAME in env_vars is copied from the agent's environment.
    monkeypatch.setenv("SNOWFLAKE_ACCOUNT", "acme-eu1")
    from dagster_aws.ecs.container_context import EcsContainerContext
    from dagster_docker.container_context import DockerContainerContext
    from dagster_k8s.container_context import K8sContainerContext

    factories = {
        "k8s": K8sContainerContext.create_from_config,
        "ecs": EcsContainerContext.create_from_config,
        "docker": DockerContainerContext.create_from_config,
    }
    checked = set()
    for name in [
        "dagster_cloud.yaml",
        "dagster_cloud_defaults.yaml",
        "container_context_k8s.yaml",
        "container_context_ecs.yaml",
        "container_context_docker.yaml",
    ]:
        data = read_yaml(name)
        contexts = [loc.get("container_context") for loc in data["locations"]]
        contexts.append((data.get("defaults") or {}).get("container_context"))
        for context in filter(None, contexts):
            for agent_type in context:
                factories[agent_type](context)  # raises on an invalid key
                checked.add(agent_type)
    assert checked == {"k8s", "ecs", "docker"}


def test_dagster_cloud_yaml_code_sources_are_each_kind():
    from dagster_cloud_cli.config.models import load_dagster_cloud_yaml

    parsed = load_dagster_cloud_yaml((EXAMPLES / "dagster_cloud.yaml").read_text())
    by_name = {loc.location_name: loc for loc in parsed.locations}
    assert by_name["analytics"].code_source.package_name == "analytics"
    assert by_name["ml-models"].code_source.python_file == "training/definitions.py"
    assert by_name["ml-models"].agent_queue == "gpu-agents"
    assert by_name["reporting"].code_source.module_name == "reporting.definitions"


def test_dagster_cloud_yaml_rejects_two_code_sources_and_unknown_keys():
    import pydantic
    from dagster_cloud_cli.config.models import load_dagster_cloud_yaml

    with pytest.raises(pydantic.ValidationError):
        load_dagster_cloud_yaml(
            "locations:\n  - location_name: a\n    code_source:\n"
            "      package_name: a\n      python_file: a.py\n"
        )
    with pytest.raises(pydantic.ValidationError):
        load_dagster_cloud_yaml(
            "locations:\n  - location_name: a\n    code_source:\n      package_name: a\n"
            "    buid:\n      directory: .\n"
        )


def test_defaults_merge_as_the_page_says():
    from dagster_cloud_cli.config import DagsterCloudConfigDefaultsMerger
    from dagster_cloud_cli.config.models import load_dagster_cloud_yaml

    parsed = load_dagster_cloud_yaml((EXAMPLES / "dagster_cloud_defaults.yaml").read_text())
    merged = {
        loc.location_name: loc for loc in DagsterCloudConfigDefaultsMerger().process(parsed).locations
    }
    registry = "123456789012.dkr.ecr.us-east-1.amazonaws.com/dagster"
    assert merged["ingestion"].build.registry == registry
    assert merged["marts"].build.registry == registry
    assert merged["marts"].build.directory == "./marts"
    assert merged["ingestion"].container_context["k8s"]["env_vars"] == [
        "WAREHOUSE=prod",
        "LOG_LEVEL=INFO",
    ]
    assert merged["marts"].container_context["k8s"]["env_vars"] == [
        "WAREHOUSE=prod",
        "LOG_LEVEL=DEBUG",
    ]


def test_template_renders_one_location_per_team(monkeypatch):
    from dagster_cloud_cli.config.loader import DagsterCloudLocationsConfigLoader

    monkeypatch.setenv("IMAGE_REGISTRY", "ghcr.io/acme")
    context = read_yaml("dagster_cloud_template_values.yaml")
    processed = DagsterCloudLocationsConfigLoader.load_from_template(
        str(EXAMPLES / "dagster_cloud_template.yaml"), context
    )
    assert [loc.location_name for loc in processed.locations] == [
        "finance-pipelines",
        "marketing-pipelines",
    ]
    assert processed.locations[0].build.registry == "ghcr.io/acme/finance"


# --- deployment settings ----------------------------------------------------

# Deployment settings are stored by Dagster+, not by a package. These keys
# exist only in Dagster+ (they have no open source dagster.yaml equivalent).
PLUS_ONLY_SETTINGS = {"sso_default_role", "non_isolated_runs"}
SETTINGS_LEAVES = frozenset({"tag_concurrency_limits", "run_tags"})


def documented_settings() -> set[str]:
    return table_keys(MANAGEMENT / "deployments" / "deployment-settings-reference.md")


def test_deployment_settings_table_matches_the_example_files():
    example_keys = leaf_paths(read_yaml("deployment_settings.yaml"), stop=SETTINGS_LEAVES)
    example_keys |= leaf_paths(read_yaml("deployment_settings_run_queue.yaml"), stop=SETTINGS_LEAVES)
    documented = documented_settings()
    assert documented == example_keys, (
        f"in the examples only: {sorted(example_keys - documented)}; "
        f"in the table only: {sorted(documented - example_keys)}"
    )


def test_deployment_settings_shared_with_dagster_exist_in_its_instance_schema():
    """Every documented key outside the Dagster+-only sections is a key of the
    same name in dagster's instance schema (so none is invented)."""
    schema = dagster_instance_config_schema()
    for key in documented_settings():
        parts = key.split(".")
        if parts[0] in PLUS_ONLY_SETTINGS:
            continue
        field = schema[parts[0]]
        for part in parts[1:]:
            fields = field.config_type.fields
            assert part in fields, f"{key}: {part!r} is not in dagster's instance schema"
            field = fields[part]


def test_deployment_settings_examples_validate_against_dagster_schema():
    shape = Shape(dagster_instance_config_schema())
    for name in ["deployment_settings.yaml", "deployment_settings_run_queue.yaml"]:
        settings = read_yaml(name)
        shared = {k: v for k, v in settings.items() if k not in PLUS_ONLY_SETTINGS}
        result = validate_config(shape, shared)
        assert result.success, (name, result.errors)


def test_deployment_settings_plus_only_sections():
    settings = read_yaml("deployment_settings.yaml")
    assert settings["sso_default_role"] == "VIEWER"
    assert set(settings["non_isolated_runs"]) == {"enabled", "max_concurrent_non_isolated_runs"}


# --- agent dagster.yaml -------------------------------------------------------

AGENT_FILES = [
    "agent_dagster.yaml",
    "agent_compute_logs_streaming.yaml",
    "agent_compute_logs_s3.yaml",
    "agent_compute_logs_noop.yaml",
    "agent_env_vars_docker.yaml",
]


@pytest.mark.parametrize("name", AGENT_FILES)
def test_agent_dagster_yaml_validates(name, tmp_path):
    """The agent's own loader accepts the file, and its launcher and compute
    log manager accept their config."""
    from dagster_cloud.instance import DagsterCloudAgentInstance

    shutil.copy(EXAMPLES / name, tmp_path / "dagster.yaml")
    config, instance_class = dagster_instance_config(str(tmp_path))
    assert instance_class is DagsterCloudAgentInstance

    for section in ("user_code_launcher", "compute_logs"):
        if section not in config:
            continue
        block = config[section]
        module = __import__(block["module"], fromlist=[block["class"]])
        cls = getattr(module, block["class"])
        result = process_config(cls.config_type(), block.get("config") or {})
        assert result.success, (name, section, result.errors)


def test_hybrid_agent_settings_tables_match_the_agent_schema():
    from dagster_cloud.instance import DagsterCloudAgentInstance
    from dagster_cloud.storage.client import dagster_cloud_api_config
    from dagster_cloud.workspace.user_code_launcher.user_code_launcher import (
        SHARED_USER_CODE_LAUNCHER_CONFIG,
    )

    page = MANAGEMENT / "settings" / "hybrid-agent-settings.md"

    top = set(DagsterCloudAgentInstance.config_schema()) | {"instance_class"}
    assert table_keys(page, "Top-level keys") == top

    api = {f"dagster_cloud_api.{k}" for k in dagster_cloud_api_config()}
    assert table_keys(page, "`dagster_cloud_api`") == api

    schema = DagsterCloudAgentInstance.config_schema()
    queues = {f"agent_queues.{k}" for k in schema["agent_queues"].config_type.fields}
    assert table_keys(page, "`agent_queues`") == queues
    isolated = {f"isolated_agents.{k}" for k in schema["isolated_agents"].config_type.fields}
    assert table_keys(page, "`isolated_agents`") == isolated

    shared: set[str] = set()
    for key, field in SHARED_USER_CODE_LAUNCHER_CONFIG.items():
        if key == "server_ttl":
            for sub, sub_field in field.config_type.fields.items():
                inner = getattr(sub_field.config_type, "fields", None)
                if inner:
                    shared |= {f"server_ttl.{sub}.{k}" for k in inner}
                else:
                    shared.add(f"server_ttl.{sub}")
        else:
            shared.add(key)
    launcher_keys = table_keys(page, "User code launcher")
    # The same section also lists the launcher classes by module.
    modules = {k for k in launcher_keys if k.startswith("dagster_cloud.")} | {"module"}
    assert launcher_keys - modules == shared


def test_hybrid_agent_settings_lists_every_launcher():
    import importlib

    page = MANAGEMENT / "settings" / "hybrid-agent-settings.md"
    text = page.read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(dagster_cloud\.[\w.]+)` \| `(\w+)` \|", text, re.MULTILINE)
    assert len(rows) == 5
    from dagster_cloud.workspace.user_code_launcher import DagsterCloudUserCodeLauncher

    for module_name, class_name in rows:
        cls = getattr(importlib.import_module(module_name), class_name)
        assert issubclass(cls, DagsterCloudUserCodeLauncher)


def test_documented_agent_defaults_match_the_package():
    from dagster_cloud.storage.client import dagster_cloud_api_config
    from dagster_cloud.workspace.user_code_launcher.user_code_launcher import (
        DEFAULT_MAX_TTL_SERVERS,
        DEFAULT_SERVER_TTL_SECONDS,
    )

    api = dagster_cloud_api_config()
    assert api["timeout"].default_value == 60
    assert api["retries"].default_value == 6
    assert api["backoff_factor"].default_value == 0.5
    assert api["branch_deployments"].default_value is False
    assert DEFAULT_SERVER_TTL_SECONDS == 86400
    assert DEFAULT_MAX_TTL_SERVERS == 25


# --- built-in environment variables ---------------------------------------


def test_built_in_env_var_table_matches_reserved_names():
    from dagster_cloud.constants import RESERVED_ENV_VAR_NAMES

    documented = table_keys(MANAGEMENT / "environment-variables" / "built-in.md", "Reference")
    assert documented == set(RESERVED_ENV_VAR_NAMES)


def materialized_target(module) -> str:
    result = dg.materialize([module.daily_orders], resources=module.defs.resources)
    assert result.success
    return result.output_for_node("daily_orders")


def test_built_in_env_vars_pick_the_schema_in_prod(monkeypatch):
    monkeypatch.setenv("DAGSTER_CLOUD_DEPLOYMENT_NAME", "prod")
    monkeypatch.delenv("DAGSTER_CLOUD_IS_BRANCH_DEPLOYMENT", raising=False)
    example = load_example("dagster_plus/deployment/built_in_env_vars.py")
    assert materialized_target(example) == "analytics.daily_orders"


def test_built_in_env_vars_pick_the_schema_in_a_branch_deployment(monkeypatch):
    monkeypatch.setenv("DAGSTER_CLOUD_DEPLOYMENT_NAME", "feature-x-a1b2c3")
    monkeypatch.setenv("DAGSTER_CLOUD_IS_BRANCH_DEPLOYMENT", "1")
    monkeypatch.setenv("DAGSTER_CLOUD_PULL_REQUEST_ID", "42")
    example = load_example("dagster_plus/deployment/built_in_env_vars.py")
    assert materialized_target(example) == "pr_42.daily_orders"


def test_built_in_env_vars_fall_back_locally(monkeypatch):
    for name in ("DAGSTER_CLOUD_DEPLOYMENT_NAME", "DAGSTER_CLOUD_IS_BRANCH_DEPLOYMENT"):
        monkeypatch.delenv(name, raising=False)
    example = load_example("dagster_plus/deployment/built_in_env_vars.py")
    assert example.current_deployment() == "local"
    assert materialized_target(example) == "dev.daily_orders"


# --- CLI pages --------------------------------------------------------------


def documented_commands(prefix: str) -> set[str]:
    """Commands in the first column of the CLI tables, with `a` / `b`
    alternatives and comma lists expanded."""
    text = (MANAGEMENT / "dagster-cloud-cli" / "index.md").read_text(encoding="utf-8")
    found = set()
    for line in text.splitlines():
        if not line.startswith("| `"):
            continue
        cell = line.split("|")[1]
        names = re.findall(r"`([^`]+)`", cell)
        if not names or not names[0].startswith(prefix):
            continue
        base = names[0].rsplit(" ", 1)[0]
        found.add(names[0])
        for alternative in names[1:]:
            found.add(alternative if alternative.startswith(prefix) else f"{base} {alternative}")
    return found


def test_dagster_cloud_cli_table_lists_every_command():
    from dagster_cloud_cli.entrypoint import app

    generated = cli_commands(typer.main.get_command(app), ("dagster-cloud",))
    assert documented_commands("dagster-cloud ") == generated


def test_dg_plus_table_lists_every_command():
    import click
    from dagster_dg_cli.cli import cli

    ctx = click.Context(cli)

    def walk(command, path):
        if isinstance(command, click.Group):
            found = set()
            if path == ("dg", "plus", "deploy"):
                found.add("dg plus deploy")  # runs the whole session
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                if sub is not None and not sub.hidden:
                    found |= walk(sub, (*path, name))
            return found
        return {" ".join(path)}

    plus = walk(cli.get_command(ctx, "plus"), ("dg", "plus"))
    api = walk(cli.get_command(ctx, "api").get_command(ctx, "deployment"), ("dg", "api", "deployment"))
    documented = documented_commands("dg ")
    # `dg plus deploy` is described in the row of its session steps.
    documented.add("dg plus deploy")
    assert documented == plus | api


def test_cli_configuration_environment_variables_exist():
    from dagster_cloud_cli import config_utils

    names = {
        config_utils.ORGANIZATION_ENV_VAR_NAME,
        config_utils.DEPLOYMENT_ENV_VAR_NAME,
        config_utils.TOKEN_ENV_VAR_NAME,
        config_utils.URL_ENV_VAR_NAME,
        config_utils.LOCATION_LOAD_TIMEOUT_ENV_VAR_NAME,
        config_utils.AGENT_HEARTBEAT_TIMEOUT_ENV_VAR_NAME,
    }
    text = (MANAGEMENT / "dagster-cloud-cli" / "installing-and-configuring.md").read_text()
    for name in names:
        assert f"`{name}`" in text, name
    assert config_utils.DEFAULT_LOCATION_LOAD_TIMEOUT == 3600
