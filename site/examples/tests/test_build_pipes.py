"""Tests for the examples of Build > External pipelines (Pipes).

Local examples run for real: the external scripts are launched through
Dagster Pipes and what they report is asserted. Cloud examples load without
credentials; their assets run against test doubles that record what the
Pipes client was asked to do.
"""

import inspect
import os
import shutil
import socket
import sys
from pathlib import Path

import pytest
from dagster_pipes import (
    PipesContext,
    PipesMappingParamsLoader,
    PipesS3ContextLoader,
    PipesS3MessageWriter,
    open_dagster_pipes,
)
from example_loader import check_example, load_example

import dagster as dg

BASE = "guides/build/external_pipelines"


# --- helpers --------------------------------------------------------------


def materialized(result) -> dict[str, dict]:
    """Metadata of each materialization, keyed by asset key, as plain values."""
    return {
        event.asset_key.to_user_string(): {
            key: getattr(value, "value", value)
            for key, value in event.materialization.metadata.items()
        }
        for event in result.get_asset_materialization_events()
    }


def checks(result) -> dict[str, dg.AssetCheckEvaluation]:
    evaluations = result.get_asset_check_evaluations()
    return {evaluation.check_name: evaluation for evaluation in evaluations}


def user_log_messages(instance: dg.DagsterInstance, run_id: str) -> list[str]:
    return [
        entry.user_message
        for entry in instance.all_logs(run_id)
        if entry.user_message and not entry.is_dagster_event
    ]


class RecordedInvocation:
    """Stands in for PipesClientCompletedInvocation."""

    def __init__(self, metadata):
        self.metadata = metadata
        self.result_kwargs = None

    def get_materialize_result(self, **kwargs) -> dg.MaterializeResult:
        self.result_kwargs = kwargs
        return dg.MaterializeResult(metadata=self.metadata)

    def get_results(self, **kwargs):
        self.result_kwargs = kwargs
        return [dg.MaterializeResult(metadata=self.metadata)]


class RecordingPipesClient:
    """A test double for any Pipes client: records the keyword arguments of run()."""

    def __init__(self, metadata=None):
        self.calls = []
        self.metadata = metadata or {"reported_by": "test double"}

    def run(self, **kwargs):
        self.calls.append(kwargs)
        self.invocation = RecordedInvocation(self.metadata)
        return self.invocation


@pytest.fixture
def no_network(monkeypatch):
    """Fail any attempt to open a network connection."""

    def refuse(*args, **kwargs):
        raise AssertionError("the example tried to use the network")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


@pytest.fixture
def fake_aws_env(monkeypatch):
    """Enough configuration for boto3 to build clients, none of it real."""
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    monkeypatch.setenv("DAGSTER_PIPES_BUCKET", "pipes-test-bucket")


def run_with_double(module, asset, resource_key, metadata=None):
    double = RecordingPipesClient(metadata)
    result = dg.materialize([asset], resources={resource_key: double})
    assert result.success
    assert len(double.calls) == 1
    run_with_double.last_invocation = double.invocation
    return result, double.calls[0]


# --- tutorial: create a subprocess asset, modify external code --------------


def test_part_1_runs_plain_script():
    mod = check_example(f"{BASE}/using_dagster_pipes/part_1/dagster_code.py")
    result = dg.materialize(
        [mod.order_summary],
        resources={"pipes_subprocess_client": dg.PipesSubprocessClient()},
    )
    assert result.success
    # The script does not use Pipes yet: the materialization has no metadata.
    assert materialized(result) == {"order_summary": {}}


def test_part_2_reports_metadata_and_check():
    mod = check_example(f"{BASE}/using_dagster_pipes/part_2/dagster_code.py")
    instance = dg.DagsterInstance.ephemeral()
    result = dg.materialize(
        [mod.order_summary],
        resources={"pipes_subprocess_client": dg.PipesSubprocessClient()},
        instance=instance,
    )
    assert result.success

    metadata = materialized(result)["order_summary"]
    assert metadata["order_count"] == 120
    assert isinstance(metadata["total_amount"], float)
    assert metadata["total_amount"] > 0
    assert metadata["largest_order"] <= 250
    assert metadata["source"] == "demo"

    event = result.get_asset_materialization_events()[0]
    assert event.materialization.tags["dagster/data_version"] == (
        f"120-{metadata['total_amount']}"
    )

    check = checks(result)["no_negative_amounts"]
    assert check.passed
    assert check.metadata["negative_count"].value == 0

    logs = user_log_messages(instance, result.run_id)
    assert "Loading 120 orders from demo for order_summary" in logs


def test_multi_asset_reference_example():
    mod = check_example(f"{BASE}/using_dagster_pipes/multi_asset/dagster_code.py")
    instance = dg.DagsterInstance.ephemeral()
    result = dg.materialize(
        [mod.event_tables],
        resources={"pipes_subprocess_client": dg.PipesSubprocessClient()},
        partition_key="2025-03-04",
        instance=instance,
    )
    assert result.success
    metadata = materialized(result)
    assert metadata["raw_events"] == {"row_count": 250, "day": "2025-03-04"}
    assert metadata["daily_event_stats"]["row_count"] == 24
    assert metadata["daily_event_stats"]["dashboard"] == "https://example.com/events"
    assert {e.partition for e in result.get_asset_materialization_events()} == {"2025-03-04"}

    check = checks(result)["few_skipped_rows"]
    assert check.passed
    assert check.severity == dg.AssetCheckSeverity.WARN
    assert check.asset_key == dg.AssetKey("raw_events")

    logs = user_log_messages(instance, result.run_id)
    assert "External process reported: {'skipped_rows': 4}" in logs


# --- details and customization ----------------------------------------------


def test_env_context_injector_client():
    mod = check_example(f"{BASE}/customization/built_in_channels.py")
    assert isinstance(mod.env_client.context_injector, dg.PipesEnvContextInjector)
    result = dg.materialize(
        [mod.table_from_script], resources={"pipes_subprocess_client": mod.env_client}
    )
    assert materialized(result) == {"table_from_script": {"rows": 42}}


def test_open_pipes_session_asset():
    mod = check_example(f"{BASE}/customization/pipes_session.py")
    result = dg.materialize([mod.table_from_session])
    assert materialized(result) == {"table_from_session": {"rows": 42}}


def test_custom_shared_dir_channels(tmp_path):
    mod = check_example(f"{BASE}/customization/custom_channels.py")
    shared = tmp_path / "shared"
    shared.mkdir()
    client = dg.PipesSubprocessClient(
        context_injector=mod.SharedDirContextInjector(str(shared)),
        message_reader=mod.SharedDirMessageReader(str(shared)),
    )
    result = dg.materialize(
        [mod.report_from_shared_dir], resources={"pipes_subprocess_client": client}
    )
    assert materialized(result) == {"report_from_shared_dir": {"rows": 7}}
    # The context file and the message chunks are cleaned up after the run.
    assert list(shared.iterdir()) == []


# --- JavaScript -------------------------------------------------------------

needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")


@needs_node
@pytest.mark.parametrize(
    "client",
    [
        dg.PipesSubprocessClient(),
        # Context inline in the environment variable instead of in a file.
        dg.PipesSubprocessClient(context_injector=dg.PipesEnvContextInjector()),
    ],
    ids=["context-file", "context-env"],
)
def test_javascript_external_process(client):
    mod = check_example(f"{BASE}/javascript/dagster_code.py")
    result = dg.materialize([mod.js_order_summary], resources={"pipes_subprocess_client": client})
    assert result.success
    metadata = materialized(result)["js_order_summary"]
    assert metadata["order_count"] == 200
    assert metadata["total_amount"] == sum(5 + (i * 37) % 246 for i in range(200))
    assert metadata["runtime"].startswith("node v")
    assert metadata["report"] == "https://example.com/reports/orders"
    event = result.get_asset_materialization_events()[0]
    assert event.materialization.tags["dagster/data_version"] == (
        f"200-{metadata['total_amount']}"
    )
    assert checks(result)["no_negative_amounts"].passed


@needs_node
def test_javascript_failure_is_reported():
    mod = load_example(f"{BASE}/javascript/dagster_code.py")

    # Same script, but without the extra it needs: getExtra throws, the
    # script sends "closed" with the error and exits with code 1.
    @dg.asset(name="js_order_summary_without_extras")
    def broken(
        context: dg.AssetExecutionContext, pipes_subprocess_client: dg.PipesSubprocessClient
    ):
        script = Path(mod.__file__).with_name("summarize_orders.js")
        return pipes_subprocess_client.run(
            command=[shutil.which("node"), str(script)], context=context
        ).get_materialize_result()

    with pytest.raises(Exception, match="External execution process failed with code 1"):
        dg.materialize([broken], resources={"pipes_subprocess_client": dg.PipesSubprocessClient()})


# --- PySpark ----------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("java") is None, reason="Spark needs a Java runtime")
def test_pyspark_spark_submit(monkeypatch):
    mod = check_example(f"{BASE}/pyspark/dagster_code.py")
    # spark-submit comes with the pyspark package, next to this interpreter.
    bin_dir = str(Path(sys.executable).parent)
    monkeypatch.setenv("PATH", bin_dir + os.pathsep + os.environ.get("PATH", ""))
    monkeypatch.setenv("SPARK_LOCAL_IP", "127.0.0.1")
    result = dg.materialize(
        [mod.regional_order_totals],
        resources={"pipes_subprocess_client": dg.PipesSubprocessClient()},
    )
    assert materialized(result)["regional_order_totals"] == {
        "region_count": 3,
        "largest_region": "emea",
        "largest_total": 430.25,
    }


class FakeS3:
    """The four S3 calls Pipes makes, backed by a dict."""

    def __init__(self):
        from botocore.exceptions import ClientError

        self.objects = {}
        self._error = ClientError

    def _missing(self, op):
        return self._error({"Error": {"Code": "404", "Message": "Not Found"}}, op)

    def put_object(self, Body, Bucket, Key, **kwargs):
        self.objects[(Bucket, Key)] = Body if isinstance(Body, bytes) else Body.encode()

    def delete_object(self, Bucket, Key, **kwargs):
        self.objects.pop((Bucket, Key), None)

    def head_object(self, Bucket, Key, **kwargs):
        if (Bucket, Key) not in self.objects:
            raise self._missing("HeadObject")
        return {}

    def get_object(self, Bucket, Key, **kwargs):
        import io

        if (Bucket, Key) not in self.objects:
            raise self._missing("GetObject")
        return {"Body": io.BytesIO(self.objects[(Bucket, Key)])}


def test_pyspark_cluster_mode_over_s3(monkeypatch, fake_aws_env):
    mod = check_example(f"{BASE}/pyspark/cluster_mode.py")
    s3 = FakeS3()
    commands = []

    def fake_spark_submit(command, check):
        # Plays the Spark driver: finds its bootstrap arguments, then talks
        # to Dagster through the (fake) bucket, like cluster_job.py does.
        commands.append(command)
        def argument(flag):
            return command[command.index(flag) + 1]

        PipesContext.set(None)  # forget contexts opened in this process by other tests
        params = {
            "DAGSTER_PIPES_CONTEXT": argument("--dagster-pipes-context"),
            "DAGSTER_PIPES_MESSAGES": argument("--dagster-pipes-messages"),
        }
        with open_dagster_pipes(
            params_loader=PipesMappingParamsLoader(params),
            context_loader=PipesS3ContextLoader(client=s3),
            message_writer=PipesS3MessageWriter(client=s3, interval=0.1),
        ) as pipes:
            pipes.report_asset_materialization(metadata={"row_count": 3})

    monkeypatch.setattr(mod.subprocess, "run", fake_spark_submit)
    monkeypatch.setattr(mod.boto3, "client", lambda service: s3)

    result = dg.materialize([mod.cluster_order_totals])
    assert materialized(result) == {"cluster_order_totals": {"row_count": 3}}
    command = commands[0]
    assert command[:6] == [
        "spark-submit",
        "--master",
        "yarn",
        "--deploy-mode",
        "cluster",
        "s3://acme-spark-jobs/cluster_job.py",
    ]
    assert command[6] == "--dagster-pipes-context"
    assert command[8] == "--dagster-pipes-messages"
    # The injector removed the context object from the bucket after the run.
    assert not any(key.endswith("context.json") for _, key in s3.objects)


def test_pyspark_cluster_job_loads():
    check_example(f"{BASE}/pyspark/cluster_job.py")


# --- cloud clients: load, build the client, run the asset with a double -----

CLOUD_EXAMPLES = [
    # (folder, asset name, resource key, client class path)
    ("aws_ecs", "ecs_order_summary", "pipes_ecs_client", "dagster_aws.pipes.PipesECSClient"),
    ("aws_emr", "emr_order_summary", "pipes_emr_client", "dagster_aws.pipes.PipesEMRClient"),
    (
        "aws_emr_containers",
        "eks_order_summary",
        "pipes_emr_containers_client",
        "dagster_aws.pipes.PipesEMRContainersClient",
    ),
    (
        "aws_emr_serverless",
        "serverless_order_summary",
        "pipes_emr_serverless_client",
        "dagster_aws.pipes.PipesEMRServerlessClient",
    ),
    ("aws_glue", "glue_clean_files", "pipes_glue_client", "dagster_aws.pipes.PipesGlueClient"),
    (
        "aws_lambda",
        "lambda_object_count",
        "pipes_lambda_client",
        "dagster_aws.pipes.PipesLambdaClient",
    ),
    (
        "databricks",
        "databricks_order_count",
        "pipes_databricks",
        "dagster_databricks.PipesDatabricksClient",
    ),
    (
        "gcp_dataproc",
        "dataproc_page_views",
        "pipes_dataproc_client",
        "dagster_gcp.pipes.PipesDataprocJobClient",
    ),
    ("kubernetes", "scored_customers", "pipes_k8s_client", "dagster_k8s.PipesK8sClient"),
    (
        "migrating",
        "order_totals",
        "pipes_databricks",
        "dagster_databricks.PipesDatabricksClient",
    ),
]


def _import_class(path: str):
    module_name, _, class_name = path.rpartition(".")
    return getattr(__import__(module_name, fromlist=[class_name]), class_name)


@pytest.mark.parametrize(
    "folder,asset_name,resource_key,client_class",
    CLOUD_EXAMPLES,
    ids=[row[0] for row in CLOUD_EXAMPLES],
)
def test_cloud_example_loads_offline(folder, asset_name, resource_key, client_class, no_network):
    mod = check_example(f"{BASE}/{folder}/dagster_code.py")
    asset = getattr(mod, asset_name)
    assert resource_key in asset.required_resource_keys
    assert resource_key in mod.defs.resources
    # The asset's parameter is typed with the library's client class.
    parameters = inspect.signature(asset.op.compute_fn.decorated_fn).parameters
    assert parameters[resource_key].annotation is _import_class(client_class)


@pytest.mark.parametrize(
    "folder,resource_key,client_class",
    [
        ("aws_ecs", "pipes_ecs_client", "dagster_aws.pipes.PipesECSClient"),
        ("aws_emr", "pipes_emr_client", "dagster_aws.pipes.PipesEMRClient"),
        (
            "aws_emr_containers",
            "pipes_emr_containers_client",
            "dagster_aws.pipes.PipesEMRContainersClient",
        ),
        (
            "aws_emr_serverless",
            "pipes_emr_serverless_client",
            "dagster_aws.pipes.PipesEMRServerlessClient",
        ),
        ("aws_glue", "pipes_glue_client", "dagster_aws.pipes.PipesGlueClient"),
        ("aws_lambda", "pipes_lambda_client", "dagster_aws.pipes.PipesLambdaClient"),
    ],
)
def test_aws_resource_builds_client_offline(
    folder, resource_key, client_class, fake_aws_env, no_network
):
    mod = load_example(f"{BASE}/{folder}/dagster_code.py")
    with dg.build_resources({resource_key: mod.defs.resources[resource_key]}) as resources:
        assert isinstance(getattr(resources, resource_key), _import_class(client_class))


def test_databricks_resource_builds_client_offline(monkeypatch, no_network):
    from dagster_databricks import PipesDatabricksClient

    monkeypatch.setenv("DATABRICKS_HOST", "https://dbc-test.cloud.databricks.com")
    monkeypatch.setenv("DATABRICKS_TOKEN", "dapi-test")
    mod = load_example(f"{BASE}/databricks/dagster_code.py")
    with dg.build_resources({"pipes_databricks": mod.pipes_databricks}) as resources:
        assert isinstance(resources.pipes_databricks, PipesDatabricksClient)


def test_ecs_asset_sends_task_params():
    mod = load_example(f"{BASE}/aws_ecs/dagster_code.py")
    result, call = run_with_double(mod, mod.ecs_order_summary, "pipes_ecs_client", {"rows": 5})
    assert materialized(result) == {"ecs_order_summary": {"rows": 5}}
    params = call["run_task_params"]
    assert params["taskDefinition"] == "order-summary"
    assert params["launchType"] == "FARGATE"
    assert params["overrides"]["containerOverrides"][0]["command"] == [
        "python",
        "external_code.py",
    ]
    assert call["extras"] == {"order_count": 500}


def test_emr_asset_sends_job_flow_params():
    mod = load_example(f"{BASE}/aws_emr/dagster_code.py")
    _, call = run_with_double(mod, mod.emr_order_summary, "pipes_emr_client")
    params = call["run_job_flow_params"]
    step_args = params["Steps"][0]["HadoopJarStep"]["Args"]
    assert step_args[0] == "spark-submit"
    assert step_args[-1] == "s3://acme-emr-scripts/external_code.py"
    assert params["Instances"]["KeepJobFlowAliveWhenNoSteps"] is False
    assert params["Applications"] == [{"Name": "Spark"}]
    # No implicit materialization: the script must report one.
    assert run_with_double.last_invocation.result_kwargs == {"implicit_materialization": False}


def test_emr_containers_asset_sends_job_run_params():
    mod = load_example(f"{BASE}/aws_emr_containers/dagster_code.py")
    _, call = run_with_double(mod, mod.eks_order_summary, "pipes_emr_containers_client")
    params = call["start_job_run_params"]
    assert params["jobDriver"]["sparkSubmitJobDriver"]["entryPoint"].endswith("external_code.py")
    assert params["releaseLabel"].startswith("emr-")


def test_emr_serverless_asset_enables_cloudwatch():
    mod = load_example(f"{BASE}/aws_emr_serverless/dagster_code.py")
    _, call = run_with_double(mod, mod.serverless_order_summary, "pipes_emr_serverless_client")
    params = call["start_job_run_params"]
    # The default CloudWatch message reader needs CloudWatch logging.
    logging = params["configurationOverrides"]["monitoringConfiguration"]
    assert logging["cloudWatchLoggingConfiguration"]["enabled"] is True
    driver = params["jobDriver"]["sparkSubmit"]
    assert driver["entryPoint"] == "s3://acme-emr-scripts/external_code.py"
    assert "spark.archives=" in driver["sparkSubmitParameters"]
    assert call["extras"] == {"order_count": 1000}


def test_glue_asset_sends_job_name_and_extras():
    mod = load_example(f"{BASE}/aws_glue/dagster_code.py")
    _, call = run_with_double(mod, mod.glue_clean_files, "pipes_glue_client")
    assert call["start_job_run_params"]["JobName"] == "clean-raw-files"
    assert call["extras"] == {"source_path": "s3://acme-raw/files/"}


def test_lambda_asset_sends_event():
    mod = load_example(f"{BASE}/aws_lambda/dagster_code.py")
    _, call = run_with_double(mod, mod.lambda_object_count, "pipes_lambda_client")
    assert call["function_name"] == "count-objects"
    assert call["event"] == {"prefix": "exports/2025/"}


def test_databricks_asset_submits_task():
    from databricks.sdk.service import jobs

    mod = load_example(f"{BASE}/databricks/dagster_code.py")
    _, call = run_with_double(mod, mod.databricks_order_count, "pipes_databricks")
    task = call["task"]
    assert isinstance(task, jobs.SubmitTask)
    assert task.spark_python_task.python_file == "dbfs:/scripts/external_code.py"
    assert task.libraries[0].pypi.package == "dagster-pipes"
    assert call["extras"] == {"table": "main.sales.orders"}


def test_dataproc_asset_submits_pyspark_job():
    mod = load_example(f"{BASE}/gcp_dataproc/dagster_code.py")
    _, call = run_with_double(mod, mod.dataproc_page_views, "pipes_dataproc_client")
    params = call["submit_job_params"]
    assert params["job"].pyspark_job.main_python_file_uri == "gs://acme-jobs/external_code.py"
    assert params["job"].placement.cluster_name == "analytics"
    assert params["project_id"] and params["region"]


def test_kubernetes_asset_sends_pod_settings():
    mod = load_example(f"{BASE}/kubernetes/dagster_code.py")
    _, call = run_with_double(mod, mod.scored_customers, "pipes_k8s_client")
    assert call["image"] == "ghcr.io/acme/scoring:1.4.0"
    assert call["command"] == ["python", "external_code.py"]
    assert call["env"] == {"MODEL_NAME": "churn-v3"}
    assert call["extras"] == {"batch_size": 500}


def test_migrated_asset_passes_tables_as_extras():
    mod = load_example(f"{BASE}/migrating/dagster_code.py")
    _, call = run_with_double(mod, mod.order_totals, "pipes_databricks")
    assert call["extras"] == {
        "source_table": "main.sales.raw_orders",
        "target_table": "main.sales.order_totals",
    }
    graph = mod.defs.resolve_asset_graph()
    assert graph.get(dg.AssetKey("order_totals")).parent_keys == {dg.AssetKey("raw_orders")}


# --- cloud external code that also runs locally -----------------------------


@pytest.mark.parametrize(
    "script,extras,env,expected",
    [
        (
            "aws_ecs/external_code.py",
            {"order_count": 40},
            {},
            {"order_count": 40},
        ),
        (
            "kubernetes/external_code.py",
            {"batch_size": 10},
            {"MODEL_NAME": "churn-v3"},
            {"scored_rows": 80, "model": "churn-v3"},
        ),
    ],
    ids=["ecs", "kubernetes"],
)
def test_container_scripts_run_under_a_subprocess(script, extras, env, expected):
    # These scripts use open_dagster_pipes() with its defaults, so the same
    # code works under PipesSubprocessClient on this machine.
    path = Path(load_example(f"{BASE}/{script}").__file__)

    @dg.asset(name="container_script")
    def run_script(context: dg.AssetExecutionContext, client: dg.PipesSubprocessClient):
        return client.run(
            command=[sys.executable, str(path)], context=context, extras=extras, env=env
        ).get_materialize_result()

    result = dg.materialize([run_script], resources={"client": dg.PipesSubprocessClient()})
    metadata = materialized(result)["container_script"]
    for key, value in expected.items():
        assert metadata[key] == value


def test_lambda_handler_speaks_pipes():
    handler_module = load_example(f"{BASE}/aws_lambda/lambda_function.py")

    # Plays PipesLambdaClient: the bootstrap parameters travel in the event.
    @dg.asset(name="lambda_object_count")
    def invoke_handler(context: dg.AssetExecutionContext):
        with dg.open_pipes_session(
            context=context,
            context_injector=dg.PipesEnvContextInjector(),
            message_reader=dg.PipesTempFileMessageReader(),
        ) as session:
            event = {"prefix": "exports/2025/", **session.get_bootstrap_env_vars()}
            response = handler_module.lambda_handler(event, None)
            assert response == {"object_count": 31}
        yield from session.get_results()

    # Twice in one process, like two invocations of a warm Lambda container.
    for _ in range(2):
        result = dg.materialize([invoke_handler])
        assert materialized(result) == {
            "lambda_object_count": {"object_count": 31, "prefix": "exports/2025/"}
        }
