"""Tests for the Deploy guides (site/docs/guides/deploy, site/examples/guides/deploy).

What is checked, and how:

- every YAML file parses;
- every instance config (files named ``dagster*.yaml``) passes Dagster's own
  instance config validation (``dagster_instance_config``), and every
  ``module``/``class``/``config`` section in it imports and validates against
  that class's config schema. Files that need no outside service are also
  loaded into a real ``dg.DagsterInstance`` in a temporary DAGSTER_HOME; files
  that use PostgreSQL, ECS, Kubernetes, Celery or a Docker daemon are only
  validated (no connection is made), see ``LOADABLE_INSTANCE_CONFIGS``;
- every ``workspace*.yaml`` validates against the workspace schema;
- the reference tables on the dagster.yaml and workspace.yaml pages list
  exactly the keys of the installed schemas;
- the run launcher, run coordinator and executor pages name every class and
  executor the installed packages define;
- Helm values use only keys of the Dagster chart (vendored key structure in
  guides/deploy/kubernetes/helm_values_keys.json, source noted in the file);
- Dockerfiles parse, start FROM a base image and pin Dagster packages at the
  installed versions; docker-compose.yml and the systemd units start real
  commands with options that the installed CLIs accept;
- the Python examples do what the pages say.
"""

from __future__ import annotations

import configparser
import datetime
import importlib
import importlib.metadata
import json
import re
import shlex
import warnings
from pathlib import Path

import click
import dagster as dg
import pytest
import yaml
from dagster._config import process_config, resolve_to_config_type
from dagster._core.instance.config import dagster_instance_config, dagster_instance_config_schema
from dagster._core.workspace.config_schema import process_workspace_config
from example_loader import EXAMPLES_ROOT, load_example

DEPLOY_EXAMPLES = EXAMPLES_ROOT / "guides" / "deploy"
DEPLOY_DOCS = EXAMPLES_ROOT.parent / "docs" / "guides" / "deploy"

YAML_FILES = sorted([*DEPLOY_EXAMPLES.rglob("*.yaml"), *DEPLOY_EXAMPLES.rglob("*.yml")])
INSTANCE_CONFIGS = sorted(DEPLOY_EXAMPLES.rglob("dagster*.yaml"))
WORKSPACE_FILES = sorted(DEPLOY_EXAMPLES.rglob("workspace*.yaml"))
HELM_VALUES = sorted((DEPLOY_EXAMPLES / "kubernetes").glob("values*.yaml"))
DOCKERFILES = sorted(DEPLOY_EXAMPLES.rglob("Dockerfile*"))
SYSTEMD_UNITS = sorted(DEPLOY_EXAMPLES.rglob("*.service"))

# Instance configs that need no outside service: these are loaded into a
# real DagsterInstance. The others (PostgreSQL storage, ECS, Kubernetes,
# Celery and Docker launchers) are validated against the schemas only.
LOADABLE_INSTANCE_CONFIGS = {
    "instance/dagster.yaml",
    "instance/dagster-split-storage.yaml",
    "instance/dagster-reference.yaml",
    "local/dagster.yaml",
    "execution/dagster-default-run-coordinator.yaml",
    "execution/dagster-queued-run-coordinator.yaml",
    "execution/dagster-launcher-default.yaml",
    "execution/dagster-run-retries.yaml",
    "execution/dagster-daemon.yaml",
}

# Paths in the examples that a reader would use on a server; the tests swap
# them for a temporary folder before loading an instance.
SERVER_DAGSTER_HOME = "/opt/dagster/dagster_home"

CONFIGURABLE_SECTIONS = (
    "local_artifact_storage",
    "compute_logs",
    "run_storage",
    "event_log_storage",
    "schedule_storage",
    "scheduler",
    "run_coordinator",
    "run_launcher",
    "instance_class",
    "defs_state_storage",
)


def rel(path: Path) -> str:
    return path.relative_to(DEPLOY_EXAMPLES).as_posix()


def env_names(value) -> set[str]:
    """Names of every `{env: NAME}` reference in a parsed YAML document."""
    found: set[str] = set()
    if isinstance(value, dict):
        if set(value) == {"env"} and isinstance(value["env"], str):
            found.add(value["env"])
        for item in value.values():
            found |= env_names(item)
    elif isinstance(value, list):
        for item in value:
            found |= env_names(item)
    return found


def page(relative: str) -> str:
    return (DEPLOY_DOCS / relative).read_text()


def table_keys(markdown: str) -> set[str]:
    """Backticked keys in the first column of every Markdown table row."""
    keys = set()
    for line in markdown.splitlines():
        match = re.match(r"^\|\s*`([^`]+)`\s*\|", line)
        if match:
            keys.add(match.group(1))
    return keys


# --- YAML ------------------------------------------------------------------


@pytest.mark.parametrize("path", YAML_FILES, ids=rel)
def test_yaml_parses(path: Path):
    assert yaml.safe_load(path.read_text()) is not None


def test_every_yaml_kind_is_covered():
    assert len(INSTANCE_CONFIGS) >= 20
    assert len(WORKSPACE_FILES) >= 5
    assert len(HELM_VALUES) >= 4
    assert LOADABLE_INSTANCE_CONFIGS <= {rel(p) for p in INSTANCE_CONFIGS}


# --- dagster.yaml ------------------------------------------------------------


def validate_class_section(section: dict) -> None:
    module = importlib.import_module(section["module"])
    cls = getattr(module, section["class"])
    result = process_config(resolve_to_config_type(cls.config_type()), section.get("config") or {})
    assert result.success, f"{section['class']}: {[e.message for e in result.errors]}"


@pytest.mark.parametrize("path", INSTANCE_CONFIGS, ids=rel)
def test_instance_config_validates(path: Path, monkeypatch):
    config = yaml.safe_load(path.read_text())
    for name in env_names(config):
        monkeypatch.setenv(name, "placeholder")
    # Dagster's own validation: schema, plus the rules between sections
    # (storage vs. run_storage, concurrency vs. run_coordinator, ...).
    validated, _ = dagster_instance_config(str(path.parent), config_filename=path.name)
    assert validated
    for key in CONFIGURABLE_SECTIONS:
        if key in config:
            validate_class_section(config[key])
    for selector_key in ("storage", "secrets"):
        if "custom" in config.get(selector_key, {}):
            validate_class_section(config[selector_key]["custom"])


@pytest.mark.parametrize("name", sorted(LOADABLE_INSTANCE_CONFIGS))
def test_instance_config_loads(name: str, tmp_path: Path, monkeypatch):
    text = (DEPLOY_EXAMPLES / name).read_text().replace(SERVER_DAGSTER_HOME, str(tmp_path))
    (tmp_path / "dagster.yaml").write_text(text)
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path))
    with dg.DagsterInstance.get() as instance:
        assert instance.is_persistent
        instance.get_runs()  # the storage works


def load_instance(name: str, tmp_path: Path) -> dg.DagsterInstance:
    tmp_path.mkdir(parents=True, exist_ok=True)
    text = (DEPLOY_EXAMPLES / name).read_text().replace(SERVER_DAGSTER_HOME, str(tmp_path))
    (tmp_path / "dagster.yaml").write_text(text)
    return dg.DagsterInstance.from_config(str(tmp_path))


def test_reference_instance_settings(tmp_path):
    with load_instance("instance/dagster-reference.yaml", tmp_path) as instance:
        assert type(instance.run_coordinator).__name__ == "QueuedRunCoordinator"
        assert type(instance.run_launcher).__name__ == "DefaultRunLauncher"
        assert instance.run_retries_enabled and instance.run_retries_max_retries == 2
        assert instance.run_monitoring_enabled
        assert instance.run_monitoring_start_timeout_seconds == 300
        assert instance.code_server_process_startup_timeout == 360
        run_queue = instance.get_concurrency_config().run_queue_config
        assert run_queue.max_concurrent_runs == 15
        assert run_queue.tag_concurrency_limits[0]["limit"] == 4


def test_queued_coordinator_limits(tmp_path):
    with load_instance("execution/dagster-queued-run-coordinator.yaml", tmp_path) as instance:
        run_queue = instance.get_concurrency_config().run_queue_config
        assert run_queue.max_concurrent_runs == 10
        assert [limit["key"] for limit in run_queue.tag_concurrency_limits] == [
            "database",
            "team",
            "dagster/backfill",
        ]
        assert instance.run_coordinator.dequeue_interval_seconds == 5


def test_default_instance_defaults(tmp_path):
    """What the pages say happens with an empty dagster.yaml."""
    (tmp_path / "dagster.yaml").write_text("")
    with dg.DagsterInstance.from_config(str(tmp_path)) as instance:
        assert type(instance.run_coordinator).__name__ == "QueuedRunCoordinator"
        assert type(instance.run_launcher).__name__ == "DefaultRunLauncher"
        assert type(instance.compute_log_manager).__name__ == "LocalComputeLogManager"
        assert instance.get_concurrency_config().run_queue_config.max_concurrent_runs == 10
        assert instance.run_coordinator.dequeue_interval_seconds == 5
        assert not instance.run_monitoring_enabled
        assert not instance.run_retries_enabled
        assert instance.run_monitoring_start_timeout_seconds == 180
        assert instance.run_monitoring_poll_interval_seconds == 120


def test_default_coordinator_is_the_sync_one(tmp_path):
    with load_instance("execution/dagster-default-run-coordinator.yaml", tmp_path) as instance:
        assert type(instance.run_coordinator).__name__ == "SyncInMemoryRunCoordinator"


@pytest.mark.slow
def test_daemon_config_required_daemons(tmp_path):
    with load_instance("execution/dagster-daemon.yaml", tmp_path) as instance:
        daemons = set(instance.get_required_daemon_types())
        assert {"SENSOR", "SCHEDULER", "BACKFILL", "QUEUED_RUN_COORDINATOR"} <= daemons
    with load_instance("execution/dagster-run-retries.yaml", tmp_path / "r") as instance:
        assert "EVENT_LOG_CONSUMER" in instance.get_required_daemon_types()
        assert instance.run_retries_enabled
        assert instance.run_retries_max_retries == 2
        # Set explicitly in the example: code errors are retried too.
        assert instance.get_settings("run_retries")["retry_on_asset_or_op_failure"] is True
        assert instance.run_retries_retry_on_asset_or_op_failure


def test_resume_needs_a_launcher_that_supports_it(tmp_path):
    """The run monitoring page: max_resume_run_attempts needs a resuming launcher."""
    with pytest.raises(Exception, match="does not support resuming runs"):
        load_instance("execution/dagster-run-monitoring.yaml", tmp_path)


def flatten_schema(fields, prefix=""):
    out = {}
    for name, field in fields.items():
        path = f"{prefix}{name}"
        out[path] = field
        config_type = field.config_type
        kind = config_type.kind.name
        if kind == "SCALAR_UNION":
            config_type = config_type.non_scalar_type
            kind = config_type.kind.name
            if set(getattr(config_type, "fields", {})) == {"env"}:
                continue  # StringSource / IntSource / BoolSource
        if kind in ("STRICT_SHAPE", "SELECTOR"):
            out.update(flatten_schema(config_type.fields, path + "."))
    return out


def test_dagster_yaml_reference_matches_schema():
    # Config keys are snake_case paths; class names in other tables are not.
    documented = {k for k in table_keys(page("dagster-yaml.md")) if re.fullmatch(r"[a-z_.]+", k)}
    schema = set(flatten_schema(dagster_instance_config_schema()))
    assert sorted(schema - documented) == [], "keys missing from the reference"
    assert sorted(documented - schema) == [], "keys on the page that the schema lacks"


def test_workspace_yaml_reference_matches_schema():
    from dagster._core.workspace.config_schema import WORKSPACE_CONFIG_SCHEMA

    load_from = resolve_to_config_type(WORKSPACE_CONFIG_SCHEMA).fields["load_from"]
    entry = load_from.config_type.inner_type
    schema = {"load_from"}
    for loader, field in entry.fields.items():
        schema.add(f"{loader}")
        config_type = field.config_type
        if config_type.kind.name == "SCALAR_UNION":
            config_type = config_type.non_scalar_type
        for key in config_type.fields:
            schema.add(f"{loader}.{key}")
    documented = table_keys(page("code-locations/workspace-yaml.md"))
    assert sorted(schema - documented) == []
    assert sorted(documented - schema) == []


@pytest.mark.parametrize("path", WORKSPACE_FILES, ids=rel)
def test_workspace_file_validates(path: Path, monkeypatch):
    config = yaml.safe_load(path.read_text())
    for name in env_names(config):
        monkeypatch.setenv(name, "placeholder")
    result = process_workspace_config(config)
    assert result.success, [e.message for e in result.errors]


@pytest.mark.slow
def test_workspace_loads_code_location(tmp_path, monkeypatch):
    """A python_file workspace loads the example code location."""
    from dagster._core.workspace.context import WorkspaceProcessContext
    from dagster._core.workspace.load_target import WorkspaceFileTarget

    (tmp_path / "definitions.py").write_text(
        (DEPLOY_EXAMPLES / "code_locations" / "definitions.py").read_text()
    )
    (tmp_path / "workspace.yaml").write_text(
        (DEPLOY_EXAMPLES / "code_locations" / "workspace_single_file.yaml").read_text()
    )
    monkeypatch.chdir(tmp_path)
    with dg.instance_for_test() as instance:
        with WorkspaceProcessContext(
            instance, WorkspaceFileTarget(paths=[str(tmp_path / "workspace.yaml")])
        ) as context:
            entries = context.create_request_context().get_code_location_entries()
            assert list(entries) == ["definitions.py"]
            location = next(iter(entries.values())).code_location
            assert location is not None, next(iter(entries.values())).load_error
            repo = next(iter(location.get_repositories().values()))
            assert repo.has_job("orders_job")


# --- Run launchers, coordinators and executors --------------------------------

OSS_PACKAGES = [
    "dagster",
    "dagster_aws",
    "dagster_azure",
    "dagster_celery",
    "dagster_celery_docker",
    "dagster_celery_k8s",
    "dagster_dask",
    "dagster_docker",
    "dagster_k8s",
]


def discover():
    """Every RunLauncher / RunCoordinator subclass and executor the packages define."""
    import pkgutil

    from dagster._core.launcher import RunLauncher
    from dagster._core.run_coordinator import RunCoordinator

    launchers, coordinators, executors = set(), set(), set()
    for package_name in OSS_PACKAGES:
        package = importlib.import_module(package_name)
        modules = [package]
        for info in pkgutil.walk_packages(package.__path__, package_name + "."):
            if re.search(r"test|cli|__main__|_generated|webserver|dg_|components", info.name):
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    modules.append(importlib.import_module(info.name))
                except Exception:
                    continue
        for module in modules:
            for name, obj in vars(module).items():
                if isinstance(obj, type) and obj.__module__ == module.__name__:
                    if issubclass(obj, RunLauncher) and obj is not RunLauncher:
                        launchers.add(obj.__name__)
                    if issubclass(obj, RunCoordinator) and obj is not RunCoordinator:
                        coordinators.add(obj.__name__)
                if isinstance(obj, dg.ExecutorDefinition) and not name.startswith("_"):
                    if name.isupper():  # DEFAULT_EXECUTOR_DEF alias
                        continue
                    executors.add(name)
    return launchers, coordinators, executors


DISCOVERED = discover()


def test_run_launchers_page_names_every_launcher():
    launchers = DISCOVERED[0]
    assert {"DefaultRunLauncher", "DockerRunLauncher", "K8sRunLauncher", "EcsRunLauncher"} <= launchers
    documented = {k for k in table_keys(page("execution/run-launchers.md")) if k.endswith("Launcher")}
    assert sorted(launchers - documented) == []
    assert sorted(documented - launchers) == []


def test_run_coordinators_page_names_every_coordinator():
    coordinators = DISCOVERED[1] | {"DefaultRunCoordinator"}  # alias, see below
    from dagster._core.run_coordinator import DefaultRunCoordinator

    assert DefaultRunCoordinator.__name__ == "SyncInMemoryRunCoordinator"
    documented = {
        k for k in table_keys(page("execution/run-coordinators.md")) if k.endswith("Coordinator")
    }
    assert sorted(coordinators - documented) == []
    assert sorted(documented - coordinators) == []


def test_execution_index_names_every_executor():
    executors = DISCOVERED[2]
    assert {"in_process_executor", "multiprocess_executor", "celery_executor", "dask_executor"} <= executors
    documented = {k for k in table_keys(page("execution/index.md")) if k.endswith("executor")}
    assert sorted(executors - documented) == []
    assert sorted(documented - executors) == []


# --- Helm --------------------------------------------------------------------

HELM_KEYS = json.loads((DEPLOY_EXAMPLES / "kubernetes" / "helm_values_keys.json").read_text())


def unknown_helm_keys(values, tree, path="") -> list[str]:
    if tree == "*":
        return []
    problems = []
    if isinstance(values, dict):
        if not isinstance(tree, dict):
            return [f"{path} is not a mapping in the chart"]
        for key, value in values.items():
            if key not in tree or key.startswith("_"):
                problems.append(f"{path}.{key}".lstrip("."))
            else:
                problems += unknown_helm_keys(value, tree[key], f"{path}.{key}")
    elif isinstance(values, list) and isinstance(tree, list):
        for i, item in enumerate(values):
            problems += unknown_helm_keys(item, tree[0], f"{path}[{i}]")
    elif isinstance(values, list):
        problems.append(f"{path} is not a list in the chart")
    return problems


@pytest.mark.parametrize("path", HELM_VALUES, ids=rel)
def test_helm_values_keys_exist_in_chart(path: Path):
    assert unknown_helm_keys(yaml.safe_load(path.read_text()), HELM_KEYS) == []


def test_helm_key_check_catches_typos():
    assert unknown_helm_keys({"dagsterDaemon": {"runCordinator": {}}}, HELM_KEYS) == [
        "dagsterDaemon.runCordinator"
    ]


def test_helm_code_server_args_are_valid():
    """dagsterApiGrpcArgs / codeServerArgs are options of `dagster api grpc` / `dagster code-server start`."""
    for path in HELM_VALUES:
        values = yaml.safe_load(path.read_text())
        for deployment in values.get("dagster-user-deployments", {}).get("deployments", []):
            if "dagsterApiGrpcArgs" in deployment:
                parse_cli(["dagster", "api", "grpc", "-p", "3030", *deployment["dagsterApiGrpcArgs"]])
            if "codeServerArgs" in deployment:
                parse_cli(
                    ["dagster", "code-server", "start", "-p", "3030", *deployment["codeServerArgs"]]
                )


# --- Command lines -----------------------------------------------------------


def cli_root(program: str) -> click.Command:
    if program == "dagster":
        from dagster._cli import cli
    elif program == "dagster-webserver":
        from dagster_webserver.cli import cli
    elif program == "dagster-daemon":
        from dagster._daemon.cli import cli
    elif program == "dagster-celery":
        from dagster_celery.cli import main as cli
    else:
        raise AssertionError(f"unknown program {program}")
    return cli


def parse_cli(argv: list[str]) -> None:
    """Parse a command line with the installed click command: unknown options fail."""
    program = Path(argv[0]).name
    command = cli_root(program)
    args = argv[1:]
    while isinstance(command, click.Group) and args and not args[0].startswith("-"):
        sub = command.get_command(click.Context(command), args[0])
        assert sub is not None, f"{program}: no subcommand {args[0]!r}"
        command, args = sub, args[1:]
    if args == ["--help"]:
        return
    ctx = command.make_context(program, list(args), resilient_parsing=False)
    ctx.close()


COMMAND_PROGRAMS = ("dagster", "dagster-webserver", "dagster-daemon", "dagster-celery")


def shell_commands_on_pages() -> list[tuple[str, list[str]]]:
    found = []
    for md in sorted(DEPLOY_DOCS.rglob("*.md")):
        text = md.read_text()
        for block in re.findall(r"```(?:shell|bash|sh)\n(.*?)```", text, re.S):
            joined = block.replace("\\\n", " ")
            for line in joined.splitlines():
                line = line.strip()
                if line.startswith("#") or not line:
                    continue
                argv = shlex.split(line)
                if argv and argv[0] in COMMAND_PROGRAMS:
                    found.append((md.relative_to(DEPLOY_DOCS).as_posix(), argv))
    return found


PAGE_COMMANDS = shell_commands_on_pages()


@pytest.mark.parametrize(
    "argv", [argv for _, argv in PAGE_COMMANDS], ids=[f"{p}:{' '.join(a)}" for p, a in PAGE_COMMANDS]
)
def test_commands_on_pages_parse(argv, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for arg in argv:  # options that name files must exist for click
        if arg.endswith((".yaml", ".py")) and "/" not in arg:
            (tmp_path / arg).write_text("")
    parse_cli(argv)


def test_pages_show_the_main_commands():
    programs = {argv[0] for _, argv in PAGE_COMMANDS}
    assert {"dagster", "dagster-webserver", "dagster-daemon", "dagster-celery"} <= programs


def test_cli_check_rejects_unknown_options():
    with pytest.raises(click.UsageError):
        parse_cli(["dagster-webserver", "--no-such-flag"])


@pytest.mark.parametrize("path", SYSTEMD_UNITS, ids=rel)
def test_systemd_unit(path: Path, tmp_path, monkeypatch):
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str
    parser.read_string(path.read_text())
    assert {"Unit", "Service", "Install"} <= set(parser.sections())
    service = parser["Service"]
    assert service["Environment"].startswith("DAGSTER_HOME=")
    argv = shlex.split(service["ExecStart"])
    assert Path(argv[0]).is_absolute()
    monkeypatch.chdir(tmp_path)
    argv = [str(tmp_path / Path(a).name) if a.endswith(".yaml") else a for a in argv]
    for arg in argv:
        if arg.endswith(".yaml"):
            Path(arg).write_text("")
    parse_cli(argv)


def test_service_units_share_the_workspace():
    workspace = yaml.safe_load((DEPLOY_EXAMPLES / "service" / "workspace.yaml").read_text())
    server = workspace["load_from"][0]["grpc_server"]
    code_server = (DEPLOY_EXAMPLES / "service" / "dagster-code-server.service").read_text()
    assert f"-p {server['port']}" in code_server
    assert f"--location-name {server['location_name']}" in code_server


# --- Docker ------------------------------------------------------------------

DOCKERFILE_INSTRUCTIONS = {
    "FROM", "RUN", "CMD", "LABEL", "EXPOSE", "ENV", "ADD", "COPY", "ENTRYPOINT",
    "VOLUME", "USER", "WORKDIR", "ARG", "ONBUILD", "STOPSIGNAL", "HEALTHCHECK", "SHELL",
}  # fmt: skip


def dockerfile_instructions(path: Path) -> list[tuple[str, str]]:
    logical = re.sub(r"\\\n", " ", path.read_text())
    instructions = []
    for line in logical.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        instructions.append((keyword.upper(), rest.strip()))
    return instructions


@pytest.mark.parametrize("path", DOCKERFILES, ids=rel)
def test_dockerfile(path: Path, monkeypatch):
    monkeypatch.chdir(path.parent)  # so that `-f definitions.py` names a real file
    instructions = dockerfile_instructions(path)
    keywords = [keyword for keyword, _ in instructions]
    assert set(keywords) <= DOCKERFILE_INSTRUCTIONS
    assert keywords[0] == "FROM" and re.match(r"python:3\.\d+", instructions[0][1])
    for keyword, rest in instructions:
        if keyword in ("CMD", "ENTRYPOINT") and rest.startswith("["):
            parse_cli(json.loads(rest))
        if keyword == "COPY":
            for source in rest.split()[:-1]:
                if not source.startswith("$"):
                    assert (path.parent / source).exists(), source
        if keyword == "RUN" and "pip install" in rest:
            pins = re.findall(r"(dagster[\w-]*)==([\w.]+)", rest)
            assert pins
            for package, version in pins:
                assert importlib.metadata.version(package) == version, package


def test_docker_compose(tmp_path, monkeypatch):
    folder = DEPLOY_EXAMPLES / "docker"
    compose = yaml.safe_load((folder / "docker-compose.yml").read_text())
    services = compose["services"]
    networks = set(compose["networks"])
    for name, service in services.items():
        assert "image" in service or "build" in service
        if "build" in service:
            assert (folder / service["build"]["dockerfile"]).exists()
        for dependency in service.get("depends_on", {}):
            assert dependency in services
        assert set(service.get("networks", [])) <= networks
    monkeypatch.chdir(tmp_path)
    (tmp_path / "workspace.yaml").write_text("")
    parse_cli(services["dagster_webserver"]["entrypoint"])
    parse_cli(services["dagster_daemon"]["entrypoint"])
    # The workspace points at the code server service; the launcher shares its network.
    workspace = yaml.safe_load((folder / "workspace.yaml").read_text())
    assert workspace["load_from"][0]["grpc_server"]["host"] in services
    instance = yaml.safe_load((folder / "dagster.yaml").read_text())
    assert instance["run_launcher"]["config"]["network"] in networks
    assert instance["storage"]["postgres"]["postgres_db"]["hostname"] in services
    code_env = services["dagster_code"]["environment"]
    assert code_env["DAGSTER_CURRENT_IMAGE"] == services["dagster_code"]["image"]
    for name in instance["run_launcher"]["config"]["env_vars"]:
        assert name in services["dagster_daemon"]["environment"]


def test_docker_code_location():
    example = load_example("guides/deploy/docker/definitions.py")
    result = dg.materialize([example.greeting, example.greeting_length])
    assert result.output_for_node("greeting_length") == len("hello from a container")


# --- Environment variables and dev to prod -----------------------------------


def test_env_file_parses():
    from dotenv import dotenv_values

    values = dotenv_values(DEPLOY_EXAMPLES / "env_vars" / ".env")
    assert values["WAREHOUSE_USER"] == "analyst"
    assert "DAGSTER_DEPLOYMENT" in values
    service_env = dotenv_values(DEPLOY_EXAMPLES / "service" / "environment")
    # The variable that service/dagster.yaml reads is defined for the units.
    instance = yaml.safe_load((DEPLOY_EXAMPLES / "service" / "dagster.yaml").read_text())
    assert env_names(instance) <= set(service_env)
    for unit in SYSTEMD_UNITS:
        assert "EnvironmentFile=/etc/dagster/environment" in unit.read_text()


def test_env_var_resource(monkeypatch):
    monkeypatch.setenv("WAREHOUSE_USER", "analyst")
    monkeypatch.setenv("WAREHOUSE_PASSWORD", "secret")
    monkeypatch.setenv("GITHUB_TOKEN", "token-123")
    example = load_example("guides/deploy/env_vars/resources.py")
    result = dg.materialize(
        [example.warehouse_status], resources={"warehouse": example.defs.resources["warehouse"]}
    )
    assert result.output_for_node("warehouse_status") == "analyst@warehouse.example.com"
    assert example.github_token() == "token-123"


def test_env_var_in_run_config(monkeypatch):
    monkeypatch.setenv("SMTP_PASSWORD", "hunter2")
    example = load_example("guides/deploy/env_vars/run_config_asset.py")
    run_config = yaml.safe_load((DEPLOY_EXAMPLES / "env_vars" / "run_config.yaml").read_text())
    result = example.report_job.execute_in_process(run_config=run_config)
    assert result.output_for_node("send_report") is True


@pytest.mark.parametrize(
    ("deployment", "base_path"),
    [
        ("local", "/tmp/dagster-output"),
        ("staging", "s3://my-company-staging/output"),
        ("production", "s3://my-company-prod/output"),
    ],
)
def test_dev_to_prod_resources(deployment, base_path, monkeypatch):
    monkeypatch.setenv("DAGSTER_DEPLOYMENT", deployment)
    monkeypatch.setenv("ALERT_CHANNEL", "#data-alerts")
    example = load_example("guides/deploy/dev_to_prod/definitions.py")
    storage = example.defs.resources["storage"]
    assert storage.base_path == base_path
    result = dg.materialize(
        [example.daily_report],
        resources=example.defs.resources,
    )
    assert result.output_for_node("daily_report") == f"{base_path}/daily_report.csv"


def test_code_location_definitions():
    example = load_example("guides/deploy/code_locations/definitions.py")
    result = dg.materialize([example.raw_orders, example.order_totals])
    assert result.output_for_node("order_totals") == 65.5
    merged = load_example("guides/deploy/code_locations/merged_definitions.py")
    keys = {key.to_user_string() for key in merged.defs.resolve_asset_graph().get_all_asset_keys()}
    assert keys == {"customers", "invoices"}
    assert merged.defs.resolve_job_def("billing_job")
    built = load_example("guides/deploy/code_locations/definitions_function.py")
    defs = built.defs()
    assert {key.to_user_string() for key in defs.resolve_asset_graph().get_all_asset_keys()} == {
        "us_sales",
        "eu_sales",
        "apac_sales",
    }


# --- Execution ---------------------------------------------------------------


def test_run_retry_tags():
    example = load_example("guides/deploy/execution/run_retries.py")
    rates = example.defs.resolve_job_def("rates_job")
    assert rates.tags["dagster/max_retries"] == "3"
    assert rates.tags["dagster/retry_strategy"] == "FROM_FAILURE"
    from dagster._core.execution.plan.resume_retry import ReexecutionStrategy

    assert ReexecutionStrategy(rates.tags["dagster/retry_strategy"])
    assert example.defs.resolve_job_def("full_refresh_job").tags["dagster/max_retries"] == "0"
    policy = example.flaky_api_snapshot.op.retry_policy
    assert policy.max_retries == 2 and policy.delay == 10


def test_queue_priority():
    example = load_example("guides/deploy/execution/queue_priority.py")
    assert example.defs.resolve_job_def("dashboard_job").tags["dagster/priority"] == "3"
    assert example.defs.resolve_job_def("archive_job").tags["dagster/priority"] == "-1"
    six = dg.build_schedule_context(scheduled_execution_time=datetime.datetime(2024, 5, 1, 6))
    seven = dg.build_schedule_context(scheduled_execution_time=datetime.datetime(2024, 5, 1, 7))
    assert example.hourly_dashboard(six).tags["dagster/priority"] == "10"
    assert example.hourly_dashboard(seven).tags["dagster/priority"] == "3"


def test_queue_priority_order():
    """The queue daemon sorts by the dagster/priority tag, highest first."""
    from dagster._core.storage.tags import PRIORITY_TAG
    from dagster._daemon.run_coordinator.queued_run_coordinator_daemon import (
        QueuedRunCoordinatorDaemon,
    )

    assert PRIORITY_TAG == "dagster/priority"
    runs = [
        dg.DagsterRun(job_name="a", run_id="low", tags={PRIORITY_TAG: "-1"}),
        dg.DagsterRun(job_name="b", run_id="none", tags={}),
        dg.DagsterRun(job_name="c", run_id="high", tags={PRIORITY_TAG: "3"}),
    ]
    daemon = QueuedRunCoordinatorDaemon(interval_seconds=5)
    assert [r.run_id for r in daemon._priority_sort(runs)] == ["high", "none", "low"]


def test_celery_job():
    from dagster_celery.tags import DAGSTER_CELERY_QUEUE_TAG, DAGSTER_CELERY_STEP_PRIORITY_TAG

    example = load_example("guides/deploy/execution/celery_job.py")
    job = example.defs.resolve_job_def("celery_orders_job")
    assert job.executor_def.name == "celery"
    assert example.demand_forecast.op.tags[DAGSTER_CELERY_QUEUE_TAG] == "gpu"
    assert DAGSTER_CELERY_STEP_PRIORITY_TAG in example.orders_report.op.tags
    config = yaml.safe_load((DEPLOY_EXAMPLES / "execution" / "celery_config.yaml").read_text())
    from dagster_celery.cli import get_config_value_from_yaml

    assert get_config_value_from_yaml(
        str(DEPLOY_EXAMPLES / "execution" / "celery_config.yaml")
    ) == config["execution"]["config"]
    result = process_config(
        resolve_to_config_type(example.celery_executor.config_schema.config_type),
        config["execution"]["config"],
    )
    assert result.success


def test_celery_k8s_definitions():
    example = load_example("guides/deploy/kubernetes/celery_definitions.py")
    assert example.defs.executor.name == "celery-k8s"
    assert example.warehouse_extract.op.tags["dagster-celery/queue"] == "warehouse"
    values = yaml.safe_load((DEPLOY_EXAMPLES / "kubernetes" / "values_celery.yaml").read_text())
    queues = values["runLauncher"]["config"]["celeryK8sRunLauncher"]["workerQueues"]
    assert "warehouse" in [queue["name"] for queue in queues]


def test_dask_jobs():
    from dagster_dask.executor import DASK_RESOURCE_REQUIREMENTS_KEY

    example = load_example("guides/deploy/execution/dask_job.py")
    for name in ("local_dask_job", "remote_dask_job"):
        assert example.defs.resolve_job_def(name).executor_def.name == "dask"
    assert DASK_RESOURCE_REQUIREMENTS_KEY in example.reading_model.op.tags


def test_k8s_job_config_tag():
    from dagster_k8s.job import USER_DEFINED_K8S_CONFIG_KEY, UserDefinedDagsterK8sConfig

    example = load_example("guides/deploy/kubernetes/definitions.py")
    job = example.defs.resolve_job_def("signups_job")
    raw = job.tags[USER_DEFINED_K8S_CONFIG_KEY]
    config = UserDefinedDagsterK8sConfig.from_dict(json.loads(raw) if isinstance(raw, str) else raw)
    assert config.container_config["resources"]["limits"]["memory"] == "2Gi"


def test_ecs_tags(monkeypatch):
    monkeypatch.setenv("DAGSTER_IO_BUCKET", "bucket")
    example = load_example("guides/deploy/aws/definitions.py")
    job = example.defs.resolve_job_def("events_job")
    assert job.tags["ecs/cpu"] == "2048" and job.tags["ecs/memory"] == "8192"


# Flags of the helm subcommands the pages use, from Helm 3's command reference
# (helm.sh/docs/helm/helm_upgrade, helm_repo_add, helm_repo_update, helm_show_values).
HELM_FLAGS = {
    ("repo", "add"): set(),
    ("repo", "update"): set(),
    ("show", "values"): {"--version"},
    ("upgrade",): {"--install", "--namespace", "--create-namespace", "--values", "-f", "--set", "--version"},
}


def helm_commands_on_pages() -> list[list[str]]:
    found = []
    for md in sorted(DEPLOY_DOCS.rglob("*.md")):
        for block in re.findall(r"```(?:shell|bash|sh)\n(.*?)```", md.read_text(), re.S):
            for line in block.replace("\\\n", " ").splitlines():
                argv = shlex.split(line.split(">")[0]) if line.strip().startswith("helm ") else []
                if argv:
                    found.append(argv)
    return found


def test_helm_commands_use_known_flags():
    commands = helm_commands_on_pages()
    assert len(commands) >= 6
    for argv in commands:
        sub = tuple(argv[1:3]) if argv[1] in ("repo", "show") else (argv[1],)
        assert sub in HELM_FLAGS, argv
        flags = {arg.split("=")[0] for arg in argv if arg.startswith("-")}
        assert flags <= HELM_FLAGS[sub], argv
        if sub == ("upgrade",):
            # helm upgrade --install RELEASE CHART: the chart is the Dagster chart.
            positional = [a for i, a in enumerate(argv[2:], 2) if not a.startswith("-")
                          and not argv[i - 1] in ("--namespace", "--values", "-f", "--set", "--version")]
            assert positional == ["dagster", "dagster/dagster"], argv
            for i, arg in enumerate(argv):
                if arg in ("--values", "-f"):
                    assert (DEPLOY_EXAMPLES / "kubernetes" / argv[i + 1]).exists() or argv[i + 1] == "values.yaml"
                if arg == "--set":
                    key = argv[i + 1].split("=")[0].split(".")
                    tree = HELM_KEYS
                    for part in key:
                        assert part in tree, argv[i + 1]
                        tree = tree[part]
