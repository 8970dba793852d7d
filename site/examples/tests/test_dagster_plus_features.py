"""Tests for the Dagster+ features examples (site/examples/dagster_plus/features/).

The YAML files that readers copy are validated against the models and enums that the
installed Dagster+ packages ship (dagster-cloud-cli, dagster-dg-cli, dagster-rest-resources),
and the reference tables on the pages are compared with the same models.
"""

import re
import shlex
from contextlib import contextmanager
from pathlib import Path

import click
import dagster as dg
import pytest
import yaml
from example_loader import load_example

EXAMPLES = Path(__file__).parent.parent / "dagster_plus" / "features"
DOCS = Path(__file__).parent.parent.parent / "docs" / "dagster-plus" / "features"


def load_yaml(relative: str):
    return yaml.safe_load((EXAMPLES / relative).read_text())


# --------------------------------------------------------------------------------------
# Alert policies
# --------------------------------------------------------------------------------------

from dagster_rest_resources.__generated__.enums import (  # noqa: E402
    AlertPolicyEventType,
    InsightsAlertComparisonOperator,
    InstigatorType,
    ReportingAggregationFunction,
    TableSchemaChangeType,
)
from dagster_rest_resources.schemas.alert_policy import (  # noqa: E402
    DgApiAlertPolicyOptions,
    DgApiEmailNotification,
    DgApiEmailOwnersNotification,
    DgApiMicrosoftTeamsNotification,
    DgApiPagerdutyNotification,
    DgApiSlackNotification,
)

EVENT_TYPES = {e.value for e in AlertPolicyEventType}

# Notification services: YAML key -> the model the `dg api` client builds for that service.
NOTIFICATION_MODELS = {
    "email": DgApiEmailNotification,
    "email_owners": DgApiEmailOwnersNotification,
    "slack": DgApiSlackNotification,
    "microsoft_teams": DgApiMicrosoftTeamsNotification,
    "pagerduty": DgApiPagerdutyNotification,
}

# Target document keys and their fields. Source: the alert policy YAML reference of the
# Dagster+ docs (docs/docs/guides/observe/alerts/yaml-reference.md in dagster-io/dagster),
# cross-checked with the GraphQL target types in dagster_rest_resources.__generated__.fragments.
TARGET_FIELDS = {
    "run_result_target": {"jobs", "tags", "location_names"},
    "long_running_job_threshold_target": {"threshold_seconds", "jobs", "tags", "location_names"},
    "asset_key_target": {"asset_key"},
    "asset_selection_target": {"asset_selection"},
    "asset_group_target": {"asset_group", "location_name", "repo_name"},
    "asset_selection_view_target": {"asset_selection_view_id"},
    "favorites_selection_view_target": {"user_email"},
    "schedule_or_sensor_target": {"schedules_or_sensors", "location_names", "types"},
    "code_location_target": {"location_names"},
    "credit_limit_target": set(),
    "insights_deployment_threshold_target": {
        "metric_name", "selection_period_days", "threshold", "operator"},
    "insights_asset_group_threshold_target": {
        "metric_name", "selection_period_days", "threshold", "operator", "asset_group"},
    "insights_asset_threshold_target": {
        "metric_name", "selection_period_days", "threshold", "operator", "asset_key"},
    "insights_job_threshold_target": {
        "metric_name", "selection_period_days", "threshold", "operator", "job"},
    "metric_monitor_asset_selection_threshold_target": {
        "metric_name", "lookback_window", "aggregation_function", "asset_selection",
        "combine_fn", "thresholds", "comparison_type"},
    "metric_monitor_deployment_threshold_target": {
        "metric_name", "lookback_window", "aggregation_function", "thresholds",
        "comparison_type"},
}

RUN_EVENTS = {"JOB_SUCCESS", "JOB_FAILURE", "JOB_LONG_RUNNING"}
ASSET_EVENT_EVENTS = {e for e in EVENT_TYPES if e.startswith(("ASSET_MATERIALIZATION", "ASSET_CHECK", "ASSET_FRESHNESS"))}
ASSET_HEALTH_EVENTS = {e for e in EVENT_TYPES if e.startswith("ASSET_HEALTH")}
FAMILIES = [
    RUN_EVENTS,
    ASSET_EVENT_EVENTS,
    ASSET_HEALTH_EVENTS,
    {"ASSET_TABLE_SCHEMA_CHANGE"},
    {"TICK_FAILURE"},
    {"CODE_LOCATION_ERROR", "CODE_LOCATION_DEPLOY_SUCCESS"},
    {"AGENT_UNAVAILABLE"},
    {"INSIGHTS_CONSUMPTION_EXCEEDED"},
    {"METRIC_MONITOR_ALERT"},
]
TARGETS_BY_FAMILY = {
    frozenset(RUN_EVENTS): {"run_result_target", "long_running_job_threshold_target"},
    frozenset({"TICK_FAILURE"}): {"schedule_or_sensor_target"},
    frozenset({"CODE_LOCATION_ERROR", "CODE_LOCATION_DEPLOY_SUCCESS"}): {"code_location_target"},
    frozenset({"AGENT_UNAVAILABLE"}): set(),
    frozenset({"INSIGHTS_CONSUMPTION_EXCEEDED"}): {
        "credit_limit_target", "insights_deployment_threshold_target",
        "insights_asset_group_threshold_target", "insights_asset_threshold_target",
        "insights_job_threshold_target"},
    frozenset({"METRIC_MONITOR_ALERT"}): {
        "metric_monitor_asset_selection_threshold_target",
        "metric_monitor_deployment_threshold_target"},
}
ASSET_TARGETS = {
    "asset_key_target", "asset_selection_target", "asset_group_target",
    "asset_selection_view_target", "favorites_selection_view_target"}
POLICY_KEYS = {"name", "description", "enabled", "event_types", "alert_targets",
               "notification_service", "policy_options", "tags"}


class StrictPolicyOptions(DgApiAlertPolicyOptions, extra="forbid"):
    table_schema_change_types: list[TableSchemaChangeType] | None = None


def family_of(event_types: set[str]) -> frozenset:
    for family in FAMILIES:
        if event_types <= family:
            return frozenset(family)
    raise AssertionError(f"event types mix families: {sorted(event_types)}")


def validate_policy(policy: dict) -> None:
    assert set(policy) <= POLICY_KEYS, set(policy) - POLICY_KEYS
    assert {"name", "enabled", "event_types", "notification_service"} <= set(policy)
    events = set(policy["event_types"])
    assert events and events <= EVENT_TYPES, events - EVENT_TYPES
    family = family_of(events)

    (service_key, service_config), *rest = policy["notification_service"].items()
    assert not rest, "exactly one notification service"
    NOTIFICATION_MODELS[service_key].model_validate(service_config)
    if service_key == "email_owners":
        assert family <= ASSET_EVENT_EVENTS | ASSET_HEALTH_EVENTS | {"ASSET_TABLE_SCHEMA_CHANGE"}

    allowed_targets = TARGETS_BY_FAMILY.get(family, ASSET_TARGETS)
    targets = policy.get("alert_targets") or []
    for target in targets:
        ((key, fields),) = target.items()
        assert key in allowed_targets, f"{key} not valid for {sorted(events)}"
        assert set(fields or {}) <= TARGET_FIELDS[key], set(fields) - TARGET_FIELDS[key]
        if "operator" in fields:
            InsightsAlertComparisonOperator(fields["operator"])
        if "aggregation_function" in fields:
            ReportingAggregationFunction(fields["aggregation_function"].upper())
        for kind in fields.get("types", []):
            InstigatorType(kind)
    if "JOB_LONG_RUNNING" in events:
        assert any("threshold_seconds" in t.get("long_running_job_threshold_target", {})
                   for t in targets)
    if family in (frozenset({"INSIGHTS_CONSUMPTION_EXCEEDED"}), frozenset({"METRIC_MONITOR_ALERT"})):
        assert len(targets) == 1

    options = StrictPolicyOptions.model_validate(policy.get("policy_options") or {})
    if options.consecutive_failure_threshold is not None:
        assert events == {"TICK_FAILURE"} and 1 <= options.consecutive_failure_threshold <= 100
    if options.renotify_interval_minutes is not None:
        assert events <= {"TICK_FAILURE", "AGENT_UNAVAILABLE", "CODE_LOCATION_ERROR"}
    if "ASSET_TABLE_SCHEMA_CHANGE" in events:
        assert options.table_schema_change_types


ALERT_FILES = ["alerts/alert_policies.yaml", "alerts/notification_services.yaml",
               "alerts/example_alert_policies.yaml"]


@pytest.mark.parametrize("relative", ALERT_FILES)
def test_alert_policy_files_validate(relative):
    document = load_yaml(relative)
    assert set(document) == {"alert_policies"}
    names = [p["name"] for p in document["alert_policies"]]
    assert len(names) == len(set(names))
    for policy in document["alert_policies"]:
        validate_policy(policy)


def test_alert_validator_rejects_mistakes():
    good = {"name": "x", "enabled": True, "event_types": ["JOB_FAILURE"],
            "notification_service": {"email": {"email_addresses": ["a@example.com"]}}}
    validate_policy(good)
    for bad in (
        {**good, "event_types": ["JOB_FAILED"]},
        {**good, "event_types": ["JOB_FAILURE", "TICK_FAILURE"]},
        {**good, "notification_service": {"slack": {"channel": "x"}}},
        {**good, "event_types": ["JOB_LONG_RUNNING"]},
        {**good, "alert_targets": [{"asset_key_target": {"asset_key": ["a"]}}]},
        {**good, "policy_options": {"renotify_minutes": 5}},
    ):
        with pytest.raises(Exception):
            validate_policy(bad)


def test_example_config_covers_every_policy_family():
    policies = load_yaml("alerts/example_alert_policies.yaml")["alert_policies"]
    covered = {family_of(set(p["event_types"])) for p in policies}
    assert covered == {frozenset(f) for f in FAMILIES}


def test_notification_services_page_covers_every_service():
    policies = load_yaml("alerts/notification_services.yaml")["alert_policies"]
    assert {next(iter(p["notification_service"])) for p in policies} == set(NOTIFICATION_MODELS)


def backticked_caps(markdown: str) -> set[str]:
    return set(re.findall(r"^\| `([A-Z_]+)` \|", markdown, flags=re.M))


def test_alert_policy_types_page_lists_every_event_type():
    page = (DOCS / "alerts" / "alert-policy-types.md").read_text()
    section = page.split("## Event types")[1].split("## Policy options")[0]
    assert backticked_caps(section) == EVENT_TYPES


def test_alert_policy_types_page_lists_every_schema_change_type():
    page = (DOCS / "alerts" / "alert-policy-types.md").read_text()
    listed = set(re.findall(r"`(COLUMN_[A-Z_]+)`", page))
    assert listed == {t.value for t in TableSchemaChangeType}


def test_policy_options_table_matches_model():
    page = (DOCS / "alerts" / "alert-policy-types.md").read_text()
    section = page.split("## Policy options")[1].split("## Next steps")[0]
    keys = set(re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.M))
    assert keys == set(StrictPolicyOptions.model_fields)


# --------------------------------------------------------------------------------------
# CI/CD files
# --------------------------------------------------------------------------------------

from dagster_cloud_cli.config.models import (  # noqa: E402
    Build,
    CodeSource,
    DagsterCloudYaml,
    Location,
    LocationDefaults,
)
from dagster_dg_core.config import DgRawBuildConfig  # noqa: E402


def table_keys(page: str, heading: str) -> set[str]:
    section = page.split(heading, 1)[1]
    section = re.split(r"^##+ ", section, maxsplit=1, flags=re.M)[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.M))


def test_dagster_cloud_yaml_validates():
    parsed = DagsterCloudYaml.model_validate(load_yaml("ci_cd/dagster_cloud.yaml"))
    assert [loc.location_name for loc in parsed.locations] == ["analytics", "ml"]


def test_file_reference_tables_match_models():
    page = (DOCS / "ci-cd" / "ci-cd-file-reference.md").read_text()
    assert table_keys(page, "### Location fields") == set(Location.model_fields)
    assert table_keys(page, "### Code source fields") == set(CodeSource.model_fields)
    assert table_keys(page, "### Build fields") == set(Build.model_fields)
    defaults_text = page.split("### Defaults")[1].split("##")[0]
    listed_defaults = set(re.findall(r"`([a-z_]+)`", defaults_text.split("except")[1]))
    assert set(LocationDefaults.model_fields) <= listed_defaults
    assert table_keys(page, "## build.yaml") == set(DgRawBuildConfig.__annotations__)


def test_build_yaml_keys():
    assert set(load_yaml("ci_cd/build.yaml")) <= set(DgRawBuildConfig.__annotations__)


# Inputs of the dagster-io/dagster-cloud-action actions the workflows use, from each
# action's action.yml in https://github.com/dagster-io/dagster-cloud-action (release v1.13.27):
#   actions/utils/prerun/action.yml            no inputs; output `result` (skip|pex-deploy|docker-deploy)
#   actions/utils/dg-deploy-init/action.yaml   project_dir (required), deployment (default prod), location_names
#   actions/utils/dg-cli/action.yml            command (required): arguments to `dg`
#   actions/utils/dagster-cloud-cli/action.yml command (required): arguments to `dagster-cloud`
#   actions/utils/ci-init/action.yml           project_dir (required), dagster_cloud_yaml_path, deployment, location_names
ACTION_INPUTS = {
    "actions/utils/prerun": {"required": set(), "optional": set()},
    "actions/utils/dg-deploy-init": {"required": {"project_dir"}, "optional": {"deployment", "location_names"}},
    "actions/utils/dg-cli": {"required": {"command"}, "optional": set()},
    "actions/utils/dagster-cloud-cli": {"required": {"command"}, "optional": set()},
    "actions/utils/ci-init": {"required": {"project_dir"}, "optional": {"dagster_cloud_yaml_path", "deployment", "location_names"}},
}
ACTION_VERSION = "v1.13.27"


def dg_root() -> click.Group:
    from dagster_dg_cli.cli import cli

    return cli


def dagster_cloud_root():
    import typer.main
    from dagster_cloud_cli.entrypoint import app

    return typer.main.get_command(app)  # a typer-vendored click group


def check_cli_command(root: click.Command, argv: list[str]) -> None:
    """Resolve subcommands and check that every --flag exists on the final command."""
    command = root
    args = list(argv)
    # dagster-cloud is built with typer, which ships its own copy of click: use duck typing.
    while hasattr(command, "list_commands") and args and not args[0].startswith("-"):
        sub = command.get_command(command.context_class(command), args[0])
        assert sub is not None, f"unknown subcommand {args[0]!r} in {argv}"
        command, args = sub, args[1:]
    options = {opt for p in command.params for opt in (*p.opts, *p.secondary_opts)}
    for arg in args:
        if arg.startswith("--"):
            assert arg.split("=")[0] in options, f"unknown option {arg} for {argv}"


def split_command(text: str) -> list[str]:
    text = re.sub(r"\$\{\{[^}]*\}\}", "X", text).split(">>")[0]
    return shlex.split(text)


GITHUB_WORKFLOWS = ["ci_cd/dagster-plus-serverless.yml", "ci_cd/dagster-plus-hybrid.yml",
                    "branch_deployments/clone_prod_steps.yml"]


@pytest.mark.parametrize("relative", GITHUB_WORKFLOWS)
def test_github_workflows_use_real_actions_and_commands(relative):
    workflow = load_yaml(relative)
    assert workflow[True] if True in workflow else workflow["on"]  # YAML 1.1 parses `on` as True
    for job in workflow["jobs"].values():
        for step in job["steps"]:
            uses = step.get("uses", "")
            if uses.startswith("dagster-io/dagster-cloud-action/"):
                path, version = uses.removeprefix("dagster-io/dagster-cloud-action/").split("@")
                assert version == ACTION_VERSION
                spec = ACTION_INPUTS[path]
                given = set(step.get("with", {}))
                assert spec["required"] <= given <= spec["required"] | spec["optional"]
                if path == "actions/utils/dg-cli":
                    check_cli_command(dg_root(), split_command(step["with"]["command"]))
                if path == "actions/utils/dagster-cloud-cli":
                    check_cli_command(dagster_cloud_root(), split_command(step["with"]["command"]))
            for line in re.split(r"\n|&&", step.get("run", "")):
                line = line.strip().replace("\\", "")
                match = re.search(r"dagster-cloud (.+?)\)?$", line)
                if match and not line.startswith("pip"):
                    check_cli_command(dagster_cloud_root(), split_command(match.group(1)))


def test_gitlab_pipeline_commands_exist():
    pipeline = load_yaml("ci_cd/gitlab-ci.yml")
    job = pipeline["dagster-plus-deploy"]
    for line in job["script"] + job["after_script"]:
        if line.startswith("uv run dg "):
            check_cli_command(dg_root(), split_command(line.removeprefix("uv run dg ")))
        elif line.startswith("uv run dagster-cloud "):
            check_cli_command(dagster_cloud_root(), split_command(line.removeprefix("uv run dagster-cloud ")))


SHELL_BLOCK = re.compile(r"```shell\n(.*?)```", re.S)


def test_cli_commands_on_pages_exist():
    checked = 0
    for page in DOCS.rglob("*.md"):
        for block in SHELL_BLOCK.findall(page.read_text()):
            for line in block.replace("\\\n", " ").splitlines():
                line = line.strip()
                line = re.sub(r"^[A-Z_]+=\$\(", "", line).rstrip(")")
                for tool, root in (("dg ", dg_root), ("dagster-cloud ", dagster_cloud_root)):
                    if line.startswith(tool):
                        argv = [a for a in shlex.split(line.removeprefix(tool), comments=True)]
                        check_cli_command(root(), argv)
                        checked += 1
    assert checked >= 15


# --------------------------------------------------------------------------------------
# Branch deployments
# --------------------------------------------------------------------------------------


class FakeCursor:
    def __init__(self, log):
        self.log = log

    def execute(self, sql, *args, **kwargs):
        self.log.append(sql)


class FakeConnection:
    def __init__(self, log):
        self.log = log

    def cursor(self):
        return FakeCursor(self.log)


class FakeSnowflake(dg.ConfigurableResource):
    """Test double with the same get_connection() context manager as SnowflakeResource."""

    database: str = ""

    @contextmanager
    def get_connection(self, raw_conn: bool = True):
        yield FakeConnection(SQL_LOG)


SQL_LOG: list[str] = []


def test_branch_deployment_picks_the_clone(monkeypatch):
    monkeypatch.setenv("DAGSTER_CLOUD_IS_BRANCH_DEPLOYMENT", "1")
    monkeypatch.setenv("DAGSTER_CLOUD_PULL_REQUEST_ID", "42")
    example = load_example("dagster_plus/features/branch_deployments/per_deployment_resources.py")
    assert example.snowflake_for_this_deployment().database == "PRODUCTION_CLONE_42"
    monkeypatch.delenv("DAGSTER_CLOUD_IS_BRANCH_DEPLOYMENT")
    assert example.snowflake_for_this_deployment().database == "PRODUCTION"


def test_clone_job_drops_then_clones(monkeypatch):
    monkeypatch.setenv("DAGSTER_CLOUD_PULL_REQUEST_ID", "7")
    example = load_example("dagster_plus/features/branch_deployments/per_deployment_resources.py")
    SQL_LOG.clear()
    result = example.clone_prod.execute_in_process(resources={"snowflake_admin": FakeSnowflake()})
    assert result.success
    assert SQL_LOG == ["drop database if exists PRODUCTION_CLONE_7",
                       "create database PRODUCTION_CLONE_7 clone PRODUCTION"]
    SQL_LOG.clear()
    assert example.drop_prod_clone.execute_in_process(resources={"snowflake_admin": FakeSnowflake()}).success
    assert SQL_LOG == ["drop database if exists PRODUCTION_CLONE_7"]


def test_branch_assets_write_through_the_resource():
    example = load_example("dagster_plus/features/branch_deployments/per_deployment_resources.py")
    SQL_LOG.clear()
    result = dg.materialize([example.raw_orders, example.daily_revenue],
                            resources={"snowflake": FakeSnowflake()})
    assert result.success and len(SQL_LOG) == 2


def test_change_tracking_examples_differ_as_the_page_says():
    base = load_example("dagster_plus/features/branch_deployments/change_tracking_base.py")
    branch = load_example("dagster_plus/features/branch_deployments/change_tracking_branch.py")
    base_specs = {s.key.to_user_string(): s for s in base.defs.resolve_all_asset_specs()}
    branch_specs = {s.key.to_user_string(): s for s in branch.defs.resolve_all_asset_specs()}
    assert set(branch_specs) - set(base_specs) == {"overdue_accounts"}
    assert base_specs["invoices"].code_version == "1"
    assert branch_specs["invoices"].code_version == "2"
    assert {d.asset_key.to_user_string() for d in base_specs["refunds"].deps} == {"payments"}
    assert {d.asset_key.to_user_string() for d in branch_specs["refunds"].deps} == {"payments", "invoices"}
    assert base_specs["daily_ledger"].partitions_def != branch_specs["daily_ledger"].partitions_def
    assert branch_specs["billing_accounts"].tags == {"domain": "billing", "contains_pii": "true"}
    assert base_specs["customer_balances"].metadata["max_rows_dropped"] == 100
    assert branch_specs["customer_balances"].metadata["max_rows_dropped"] == 25
    assert base_specs["payments"].code_version == branch_specs["payments"].code_version


# --------------------------------------------------------------------------------------
# Insights
# --------------------------------------------------------------------------------------


def test_asset_metadata_is_numeric():
    example = load_example("dagster_plus/features/insights/asset_metadata.py")
    result = dg.materialize([example.cleaned_orders, example.cleaned_customers])
    assert result.success
    for mat in result.get_asset_materialization_events():
        metadata = mat.materialization.metadata
        assert {"rows_processed", "rows_dropped"} <= set(metadata)
        assert all(isinstance(metadata[k].value, (int, float)) for k in ("rows_processed", "rows_dropped"))
    orders = result.asset_materializations_for_node("cleaned_orders")[0].metadata
    assert orders["rows_processed"].value == 3 and orders["rows_dropped"].value == 1


class FakeResponse:
    def __init__(self, payload):
        self.payload = payload

    def raise_for_status(self):
        pass

    def json(self):
        return self.payload


class FakeSession:
    """Test double for requests.Session.post with the same signature."""

    def __init__(self, payload):
        self.payload, self.calls = payload, []

    def post(self, url, data=None, json=None, **kwargs):
        self.calls.append((url, json, kwargs))
        return FakeResponse(self.payload)


def test_export_metrics_parses_the_response():
    import datetime

    from dagster_rest_resources.__generated__.input_types import ReportingMetricsSelector

    example = load_example("dagster_plus/features/insights/export_metrics.py")
    session = FakeSession({"data": {"reportingMetricsByAsset": {
        "__typename": "ReportingMetrics", "timestamps": [1.0, 2.0],
        "metrics": [{"values": [1.5, 2.0], "entity": {"assetKey": {"path": ["raw", "orders"]}}}]}}})
    start = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
    result = example.fetch_daily_asset_metric(
        session, "example-org", "prod", "token", "__dagster_dagster_credits",
        start, start + datetime.timedelta(days=2))
    assert result == {"raw/orders": [1.5, 2.0]}
    url, body, kwargs = session.calls[0]
    assert url == "https://example-org.dagster.cloud/prod/graphql"
    assert kwargs["headers"] == {"Dagster-Cloud-Api-Token": "token"}
    assert "granularity: DAILY" in body["query"]
    ReportingMetricsSelector.model_validate({**body["variables"], "granularity": "DAILY"})


def test_snowflake_insights_definitions():
    example = load_example("dagster_plus/features/insights/snowflake_insights.py")
    assert [a.key.to_user_string() for a in example.snowflake_insights.assets] == ["poll_snowflake_query_history_hour"]
    assert example.snowflake_insights.schedule.job.name == "snowflake_insights_import"
    SQL_LOG.clear()
    result = dg.materialize([example.daily_signups], resources={"snowflake": FakeSnowflake()})
    assert result.success and SQL_LOG[0].startswith("create or replace table analytics.daily_signups")


def test_snowflake_reference_table_matches_signature():
    import inspect

    from dagster_cloud.dagster_insights import create_snowflake_insights_asset_and_schedule

    page = (DOCS / "insights" / "snowflake.md").read_text()
    listed = set(re.findall(r"^\| `([a-z0-9_]+)` \|", page, flags=re.M))
    params = inspect.signature(create_snowflake_insights_asset_and_schedule).parameters
    assert listed == set(params)
    for name, param in params.items():
        if param.default is not inspect.Parameter.empty and param.default is not None:
            row = re.search(rf"^\| `{name}` \| (.+?) \|", page, flags=re.M).group(1)
            assert repr(param.default).replace("'", '"') in row


class FakeQueryJob:
    def result(self):
        return []


class FakeBigQueryClient:
    def __init__(self):
        self.queries = []

    def query(self, query, *args, **kwargs):
        self.queries.append(query)
        return FakeQueryJob()


class FakeBigQuery(dg.ConfigurableResource):
    """Test double for InsightsBigQueryResource: get_client() yields a client with query()."""

    @contextmanager
    def get_client(self):
        client = FakeBigQueryClient()
        yield client
        BQ_LOG.extend(client.queries)


BQ_LOG: list[str] = []


def test_bigquery_insights_asset():
    example = load_example("dagster_plus/features/insights/bigquery_insights.py")
    BQ_LOG.clear()
    assert dg.materialize([example.daily_pageviews], resources={"bigquery": FakeBigQuery()}).success
    assert "analytics.daily_pageviews" in BQ_LOG[0]


@pytest.mark.parametrize(
    "relative, module",
    [("insights/dbt_project_snowflake.yml", "dagster_cloud.dagster_insights.snowflake.snowflake_utils"),
     ("insights/dbt_project_bigquery.yml", "dagster_cloud.dagster_insights.bigquery.dbt_wrapper")],
)
def test_dbt_query_comment_has_the_sigil(relative, module):
    import importlib

    sigil = importlib.import_module(module).OPAQUE_ID_SQL_SIGIL
    comment = load_yaml(relative)["query-comment"]
    assert comment["comment"].startswith(f"{sigil}[[[")
    assert "{{ node.unique_id }}:{{ invocation_id }}" in comment["comment"]
    if "snowflake" in relative:
        assert comment["append"] is True


def test_dbt_insights_examples_are_valid_python_using_real_names():
    import ast

    import dagster_cloud.dagster_insights as insights

    for name in ("dbt_snowflake_insights.py", "dbt_bigquery_insights.py"):
        tree = ast.parse((EXAMPLES / "insights" / name).read_text())
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                    and n.module == "dagster_cloud.dagster_insights" for a in n.names}
        assert imported and all(hasattr(insights, n) for n in imported)
