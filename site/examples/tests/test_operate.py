"""Tests for the Operate guides (site/examples/guides/operate/...).

Config examples launch with their config, dagster.yaml snippets load into a
real instance, the GraphQL documents validate against the webserver's schema,
the Python client examples run against a test double with the real client's
method signatures, and the webserver reference table matches the CLI.
"""

import inspect
import re
from pathlib import Path

import click
import dagster as dg
import pytest
import yaml
from dagster_graphql import DagsterGraphQLClient, ReloadRepositoryLocationInfo
from dagster_graphql import ReloadRepositoryLocationStatus
from example_loader import EXAMPLES_ROOT, load_example

DOCS_ROOT = EXAMPLES_ROOT.parent / "docs"
OPERATE = EXAMPLES_ROOT / "guides" / "operate"


def load_instance(tmp_path: Path, yaml_file: Path) -> dg.DagsterInstance:
    """A real instance whose dagster.yaml is the example file."""
    home = tmp_path / "dagster_home"
    home.mkdir()
    (home / "dagster.yaml").write_text(yaml_file.read_text())
    return dg.DagsterInstance.from_config(str(home))


# --- run configuration ------------------------------------------------------


def test_asset_config_from_run_config():
    ex = load_example("guides/operate/run_configuration.py")
    result = dg.materialize([ex.sales_forecast], run_config=ex.emea_run_config)
    assert result.success
    assert result.output_for_node("sales_forecast") == {"region": "emea", "days": 14}


def test_required_config_is_enforced():
    ex = load_example("guides/operate/run_configuration.py")
    with pytest.raises(dg.DagsterInvalidConfigError):
        dg.materialize([ex.sales_forecast])


def test_schedule_passes_run_config():
    ex = load_example("guides/operate/run_configuration.py")
    context = dg.build_schedule_context()
    request = ex.weekly_emea_forecast(context)
    assert request.run_config["ops"]["sales_forecast"]["config"]["region"] == "emea"


def test_job_default_config():
    ex = load_example("guides/operate/run_configuration.py")
    result = ex.nightly_cleanup_job.execute_in_process()
    assert result.success
    assert result.output_for_node("delete_old_rows") == 7


def test_run_config_yaml_is_valid_for_forecast_job():
    ex = load_example("guides/operate/run_configuration.py")
    run_config = yaml.safe_load((OPERATE / "run_config.yaml").read_text())
    job = ex.defs.resolve_job_def("forecast_job")
    assert dg.validate_run_config(job, run_config)
    # Launch the assets part of it in process (the execution block targets the
    # multiprocess executor, which execute_in_process replaces).
    result = dg.materialize([ex.sales_forecast], run_config={"ops": run_config["ops"]})
    assert result.output_for_node("sales_forecast") == {"region": "apac", "days": 21}


# --- advanced config types --------------------------------------------------


def run_asset(asset, config: dict):
    return dg.materialize([asset], run_config={"ops": {asset.op.name: {"config": config}}})


def test_defaults_and_validation():
    ex = load_example("guides/operate/advanced_config_types.py")
    result = run_asset(ex.exported_orders, {"bucket": "reports"})
    assert result.output_for_node("exported_orders") == "s3://reports/exports/"
    # The schema checks types at launch; pydantic's rules (gt=0) run when the
    # step builds the config object, so the step fails.
    with pytest.raises(Exception, match="greater than 0"):
        run_asset(ex.exported_orders, {"bucket": "reports", "batch_size": 0})
    with pytest.raises(dg.DagsterInvalidConfigError):
        run_asset(ex.exported_orders, {"bucket": "reports", "batch_size": "many"})


def test_collections_and_nested_config_from_yaml():
    ex = load_example("guides/operate/advanced_config_types.py")
    result = run_asset(
        ex.filtered_customers, {"countries": ["DE", "FR"], "column_renames": {"a": "b"}}
    )
    assert result.output_for_node("filtered_customers") == ["de", "fr"]
    nested = {
        "source": {"schema_name": "raw", "table": "orders"},
        "destination": {"schema_name": "analytics", "table": "orders"},
    }
    assert run_asset(ex.copied_table, nested).output_for_node("copied_table") == (
        "raw.orders -> orders"
    )


def test_enum_is_given_by_member_name():
    ex = load_example("guides/operate/advanced_config_types.py")
    result = run_asset(ex.archive, {"compression": "ZSTD", "file_format": "csv"})
    assert result.output_for_node("archive") == "csv+zstd"
    with pytest.raises(dg.DagsterInvalidConfigError):
        run_asset(ex.archive, {"compression": "brotli"})


def test_discriminated_union_yaml_shape():
    ex = load_example("guides/operate/advanced_config_types.py")
    result = run_asset(ex.ingested_files, {"source": {"s3": {"bucket": "landing-zone"}}})
    assert result.output_for_node("ingested_files") == "s3://landing-zone"
    result = run_asset(ex.ingested_files, {"source": {"local": {"path": "/data"}}})
    assert result.output_for_node("ingested_files") == "/data"


def test_env_var_resource(monkeypatch):
    ex = load_example("guides/operate/advanced_config_types.py")
    monkeypatch.setenv("WAREHOUSE_ACCOUNT", "acme")
    monkeypatch.setenv("WAREHOUSE_PASSWORD", "s3cret")

    @dg.asset
    def uses_warehouse(warehouse: ex.WarehouseResource) -> str:
        return warehouse.password

    result = dg.materialize([uses_warehouse], resources={"warehouse": ex.warehouse})
    assert result.output_for_node("uses_warehouse") == "s3cret"


def test_env_key_in_run_config(monkeypatch):
    ex = load_example("guides/operate/advanced_config_types.py")
    monkeypatch.setenv("WAREHOUSE_PASSWORD", "from-env")

    @dg.asset
    def uses_warehouse(warehouse: ex.WarehouseResource) -> str:
        return warehouse.password

    result = dg.materialize(
        [uses_warehouse],
        resources={"warehouse": ex.WarehouseResource.configure_at_launch()},
        run_config={
            "resources": {
                "warehouse": {
                    "config": {"account": "acme", "password": {"env": "WAREHOUSE_PASSWORD"}}
                }
            }
        },
    )
    assert result.output_for_node("uses_warehouse") == "from-env"


def test_legacy_schema_job(monkeypatch):
    ex = load_example("guides/operate/advanced_config_types.py")
    monkeypatch.setenv("SYNC_TOKEN", "t")
    config = {
        "ops": {
            "sync_table": {
                "config": {"credentials": {"token": {"env": "SYNC_TOKEN"}}, "mode": "full"}
            }
        }
    }
    result = ex.sync_job.execute_in_process(run_config=config)
    assert result.output_for_node("sync_table") == "full"
    # The selector takes exactly one branch.
    both = {"token": "t", "user_password": {"user": "u", "password": "p"}}
    with pytest.raises(dg.DagsterInvalidConfigError):
        ex.sync_job.execute_in_process(
            run_config={"ops": {"sync_table": {"config": {"credentials": both}}}}
        )


# --- concurrency ------------------------------------------------------------


def test_pools_on_assets_and_ops():
    ex = load_example("guides/operate/managing_concurrency.py")
    assert ex.daily_orders.op.pool == "warehouse"
    assert ex.synced_accounts.op.pool == "crm_api"
    assert ex.vacuum_tables.pool == "warehouse"


def test_in_run_limits_config():
    ex = load_example("guides/operate/managing_concurrency.py")
    executor = ex.nightly_load.executor_def
    assert executor.name == "multiprocess"
    # The job still runs (in process, for the test).
    assert ex.nightly_load.execute_in_process().success


def test_concurrency_block_loads_into_instance(tmp_path):
    instance = load_instance(tmp_path, OPERATE / "concurrency_dagster.yaml")
    with instance:
        config = instance.get_concurrency_config()
        assert config.pool_config.default_pool_limit == 2
        assert config.run_queue_config.max_concurrent_runs == 15
        limits = config.run_queue_config.tag_concurrency_limits
        assert {"key": "team", "value": "finance", "limit": 3} in limits


def test_run_queue_block_loads_into_instance(tmp_path):
    instance = load_instance(tmp_path, OPERATE / "run_queue_dagster.yaml")
    with instance:
        queue = instance.get_concurrency_config().run_queue_config
        assert queue.max_concurrent_runs == 10
        assert queue.max_user_code_failure_retries == 3
        assert queue.should_block_op_concurrency_limited_runs is True
        coordinator = instance.run_coordinator
        assert coordinator.dequeue_use_threads is True
        assert coordinator.dequeue_num_workers == 4


def test_concurrency_table_covers_every_key():
    from dagster._core.instance.config import dagster_instance_config_schema

    fields = dagster_instance_config_schema()["concurrency"].config_type.fields
    schema_keys = set()
    for name, field in fields.items():
        inner = getattr(field.config_type, "fields", None)
        if inner:
            schema_keys |= {f"{name}.{key}" for key in inner}
        else:
            schema_keys.add(name)
    page = (DOCS_ROOT / "guides/operate/managing-concurrency.md").read_text()
    table = page.split("| `runs.max_concurrent_runs`")[0:2]
    documented = set(re.findall(r"^\| `([a-z_.]+)` \| (?:integer|list|`op`)", page, re.M))
    assert documented == schema_keys, table

    queue_fields = dagster_instance_config_schema()["run_queue"].config_type.fields
    queue_section = page.split("### The `run_queue` block")[1].split("### Tag runs")[0]
    queue_documented = set(re.findall(r"`([a-z_]+)`", "\n".join(
        line.split("|")[1] for line in queue_section.splitlines() if line.startswith("| `")
    )))
    assert queue_documented == set(queue_fields)


# --- executors --------------------------------------------------------------


def test_executor_choices():
    ex = load_example("guides/operate/run_executors.py")
    assert ex.quick_job.executor_def.name == "in_process"
    assert ex.parallel_job.executor_def.name == "multiprocess"
    assert ex.defs.resolve_job_def("events_job").executor_def.name == "in_process"
    # Jobs without their own executor take the Definitions default.
    implicit = ex.defs.resolve_implicit_global_asset_job_def()
    assert implicit.executor_def.name == "multiprocess"
    assert ex.quick_job.execute_in_process().success


def test_executor_config_table_covers_every_key():
    page = (DOCS_ROOT / "guides/operate/run-executors.md").read_text()
    section = page.split("Their config keys:")[1].split("The multiprocess executor isolates")[0]
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", section, re.M))
    keys = set()
    for executor in (dg.multiprocess_executor, dg.in_process_executor):
        keys |= set(executor.config_schema.as_field().config_type.fields)
    keys.discard("marker_to_close")  # deprecated and undocumented on purpose
    assert documented == keys


def test_library_executor_names_exist():
    from dagster_aws.ecs import ecs_executor
    from dagster_k8s import k8s_job_executor

    assert isinstance(k8s_job_executor, dg.ExecutorDefinition)
    assert isinstance(ecs_executor, dg.ExecutorDefinition)


# --- webserver --------------------------------------------------------------


def test_webserver_options_table_matches_cli():
    from dagster_webserver.cli import dagster_webserver

    cli_options = set()
    for param in dagster_webserver.params:
        if isinstance(param, click.Option) and not param.hidden:
            cli_options |= {opt for opt in param.opts + param.secondary_opts if opt.startswith("--")}
    cli_options.add("--help")
    page = (DOCS_ROOT / "guides/operate/webserver.md").read_text()
    rows = [line for line in page.splitlines() if line.startswith("| `-")]
    documented = set()
    for row in rows:
        documented |= {opt for opt in re.findall(r"`(-[-\w]+)`", row.split("|")[1]) if opt.startswith("--")}
    assert documented == cli_options


# --- GraphQL ----------------------------------------------------------------


@pytest.mark.parametrize(
    "document", sorted(p.name for p in (OPERATE / "graphql").glob("*.graphql"))
)
def test_graphql_document_is_valid(document):
    from dagster_graphql.schema import create_schema
    from graphql import parse, validate

    schema = create_schema().graphql_schema
    errors = validate(schema, parse((OPERATE / "graphql" / document).read_text()))
    assert not errors, [e.message for e in errors]


class FakeGraphQLClient:
    """Test double with DagsterGraphQLClient's method signatures."""

    def __init__(self, statuses=None):
        self.calls = []
        self.statuses = list(statuses or [])

    def submit_job_execution(
        self,
        job_name,
        repository_location_name=None,
        repository_name=None,
        run_config=None,
        tags=None,
        op_selection=None,
        asset_selection=None,
    ):
        self.calls.append(("submit", job_name, run_config, tags, asset_selection))
        return "run-123"

    def get_run_status(self, run_id):
        return self.statuses.pop(0)

    def terminate_run(self, run_id):
        self.calls.append(("terminate", run_id))

    def terminate_runs(self, run_ids):
        self.calls.append(("terminate_many", tuple(run_ids)))

    def reload_repository_location(self, repository_location_name):
        if repository_location_name == "broken":
            return ReloadRepositoryLocationInfo(
                status=ReloadRepositoryLocationStatus.FAILURE,
                failure_type="RepositoryLocationLoadFailure",
                message="syntax error",
            )
        return ReloadRepositoryLocationInfo(status=ReloadRepositoryLocationStatus.SUCCESS)

    def shutdown_repository_location(self, repository_location_name):
        raise NotImplementedError


def test_fake_matches_real_client_signatures():
    public = {
        name
        for name, member in inspect.getmembers(DagsterGraphQLClient, inspect.isfunction)
        if not name.startswith("_")
    }
    fake = {
        name
        for name, member in inspect.getmembers(FakeGraphQLClient, inspect.isfunction)
        if not name.startswith("_")
    }
    assert fake == public
    for name in public:
        real = list(inspect.signature(getattr(DagsterGraphQLClient, name)).parameters)
        ours = list(inspect.signature(getattr(FakeGraphQLClient, name)).parameters)
        assert ours == real, name


def test_client_reference_table_lists_every_method():
    page = (DOCS_ROOT / "guides/operate/graphql/graphql-client.md").read_text()
    section = page.split("## Methods")[1].split("## Submit a job")[0]
    documented = set(re.findall(r"^\| `(\w+)\(", section, re.M))
    public = {
        name
        for name, _ in inspect.getmembers(DagsterGraphQLClient, inspect.isfunction)
        if not name.startswith("_")
    }
    assert documented == public
    init_section = page.split("## Methods")[0]
    init_args = set(re.findall(r"^\| `(\w+)` \|", init_section, re.M))
    assert init_args == set(inspect.signature(DagsterGraphQLClient.__init__).parameters) - {"self"}


def test_client_examples_against_fake():
    ex = load_example("guides/operate/graphql/graphql_client.py")
    assert isinstance(ex.make_client(), DagsterGraphQLClient)
    assert isinstance(ex.make_remote_client("tok"), DagsterGraphQLClient)

    fake = FakeGraphQLClient(
        statuses=[dg.DagsterRunStatus.QUEUED, dg.DagsterRunStatus.STARTED, dg.DagsterRunStatus.SUCCESS]
    )
    assert ex.launch_report(fake, "emea") == "run-123"
    _, job, run_config, tags, _ = fake.calls[-1]
    assert job == "regional_report_job"
    assert run_config == {"ops": {"regional_report": {"config": {"region": "emea"}}}}
    # The run config the example sends is valid for the job it targets.
    assert dg.validate_run_config(ex.regional_report_job, run_config)
    assert tags == {"triggered_by": "billing-service"}

    assert ex.refresh_assets(fake) == "run-123"
    assert fake.calls[-1][-1] == ["orders", dg.AssetKey(["finance", "revenue"])]

    assert ex.wait_for_run(fake, "run-123", poll_seconds=0) is True

    ex.stop_runs(fake, ["a"])
    ex.stop_runs(fake, ["a", "b"])
    assert fake.calls[-2:] == [("terminate", "a"), ("terminate_many", ("a", "b"))]

    ex.reload_location(fake, "analytics")
    with pytest.raises(RuntimeError, match="RepositoryLocationLoadFailure"):
        ex.reload_location(fake, "broken")


# --- migrate and about ------------------------------------------------------

MIGRATE = EXAMPLES_ROOT / "guides" / "migrate"


def test_workspace_yaml_is_valid():
    from dagster._core.workspace.config_schema import process_workspace_config

    result = process_workspace_config(yaml.safe_load((MIGRATE / "workspace.yaml").read_text()))
    assert result.success, result.errors


def test_dagster_cloud_yaml_is_valid():
    from dagster_cloud_cli.config.models import DagsterCloudYaml

    config = DagsterCloudYaml.model_validate(
        yaml.safe_load((MIGRATE / "dagster_cloud.yaml").read_text())
    )
    assert [loc.location_name for loc in config.locations] == ["analytics", "ml"]
    assert config.locations[1].agent_queue == "gpu"


def test_dagster_cloud_yaml_location_keys_on_page():
    from dagster_cloud_cli.config.models import CodeSource, Location

    page = (DOCS_ROOT / "guides/migrate/oss-to-dagster-plus.md").read_text()
    for key in CodeSource.model_fields:
        assert f"`{key}`" in page, key
    location_words = {
        "build": "build directory",
        "registry": "registry",
        "working_directory": "working directory",
        "image": "image",
        "executable_path": "executable path",
        "container_context": "container context",
        "agent_queue": "agent queue",
    }
    for key in set(Location.model_fields) - {"location_name", "code_source", "attribute"}:
        assert location_words[key] in page, key


def test_telemetry_setting(tmp_path):
    from dagster._core.instance.config import dagster_instance_config_schema

    fields = dagster_instance_config_schema()["telemetry"].config_type.fields
    assert set(fields) == {"enabled"}
    page = (DOCS_ROOT / "about/telemetry.md").read_text()
    snippet = page.split("```yaml")[1].split("```")[0]
    home = tmp_path / "home"
    home.mkdir()
    (home / "dagster.yaml").write_text(snippet)
    with dg.DagsterInstance.from_config(str(home)) as instance:
        assert instance.telemetry_enabled is False


def test_env_var_in_asset_config(monkeypatch):
    ex = load_example("guides/operate/advanced_config_types.py")
    monkeypatch.setenv("EXPORT_BUCKET", "from-env")
    via_python = dg.materialize(
        [ex.exported_orders],
        run_config=dg.RunConfig(ops={"exported_orders": ex.ExportConfig(bucket=dg.EnvVar("EXPORT_BUCKET"))}),
    )
    assert via_python.output_for_node("exported_orders") == "s3://from-env/exports/"
    via_yaml = run_asset(ex.exported_orders, {"bucket": {"env": "EXPORT_BUCKET"}})
    assert via_yaml.output_for_node("exported_orders") == "s3://from-env/exports/"


def test_executor_run_config_shapes():
    @dg.op
    def noop() -> None:
        pass

    @dg.job
    def default_executor_job():
        noop()

    @dg.job(executor_def=dg.multiprocess_executor)
    def multiprocess_job():
        noop()

    in_process = {"execution": {"config": {"in_process": {}}}}
    multi = {"execution": {"config": {"multiprocess": {"max_concurrent": 2}}}}
    assert dg.validate_run_config(default_executor_job, in_process)
    assert dg.validate_run_config(default_executor_job, multi)
    assert dg.validate_run_config(multiprocess_job, {"execution": {"config": {"max_concurrent": 2}}})
    with pytest.raises(dg.DagsterInvalidConfigError):
        dg.validate_run_config(multiprocess_job, multi)
