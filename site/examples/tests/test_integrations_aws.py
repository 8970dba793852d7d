"""Tests for the examples of the AWS integration pages (integrations/libraries/aws/*).

Nothing here reaches AWS: S3, SSM and Secrets Manager run on moto's in-memory
backends, and the other services (Athena, Batch, CloudWatch Logs, ECR Public,
EMR, Glue, Lambda, Redshift) are replaced by small test doubles that record
what the examples send and answer like the real APIs do.
"""

import base64
import contextlib
import datetime
import hashlib
import hmac
import io
import json
import pickle
import socket
import subprocess
import sys
from pathlib import Path

import boto3
import dagster as dg
import pytest
from dagster._core.pipes import utils as pipes_utils
from dagster_aws.athena import AthenaClientResource
from dagster_aws.ecr import FakeECRPublicResource
from dagster_aws.emr import EmrError, EmrJobRunner
from dagster_aws.redshift import RedshiftClientResource
from dagster_pipes import PipesContext
from example_loader import EXAMPLES_ROOT, load_example
from moto import mock_aws

BASE = "integrations/aws"
EXAMPLES = sorted(p.name for p in (EXAMPLES_ROOT / BASE).glob("*.py"))


@pytest.fixture(autouse=True)
def aws_env(monkeypatch):
    """Enough configuration for boto3 to build clients; none of it is real."""
    for name in ("AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_CONFIG_FILE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", "/nonexistent")


@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the example tried to use the network")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


def materialized_metadata(result: dg.ExecuteInProcessResult, asset_name: str) -> dict:
    [event] = [
        e
        for e in result.get_asset_materialization_events()
        if e.asset_key == dg.AssetKey(asset_name)
    ]
    return {k: v.value for k, v in event.materialization.metadata.items()}


# --- every example loads without credentials or network -------------------


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_loads_offline(name, monkeypatch, no_network):
    for var in ("AWS_DEFAULT_REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.delenv(var, raising=False)
    module = load_example(f"{BASE}/{name}")
    if hasattr(module, "defs"):
        dg.Definitions.validate_loadable(module.defs)


# --- S3 ---------------------------------------------------------------------


def test_s3_assets_write_and_read_objects():
    s3_example = load_example(f"{BASE}/s3.py")
    with mock_aws():
        client = boto3.client("s3")
        client.create_bucket(Bucket=s3_example.BUCKET)

        result = dg.materialize(
            [
                s3_example.raw_orders,
                s3_example.order_totals,
                s3_example.top_customer,
                s3_example.totals_report,
            ],
            resources=s3_example.defs.resources,
        )
        assert result.success

        # The CSV written with the raw boto3 client.
        csv_text = client.get_object(Bucket="acme-analytics", Key="raw/orders.csv")[
            "Body"
        ].read()
        assert csv_text.decode().splitlines()[0] == "order_id,customer,amount"
        assert materialized_metadata(result, "raw_orders")["rows"] == 3

        # The I/O manager pickled order_totals under the configured prefix ...
        stored = client.get_object(Bucket="acme-analytics", Key="dagster/storage/order_totals")
        assert pickle.loads(stored["Body"].read()) == {"alice": 50.75, "bob": 17.0}
        # ... and loaded it back for the downstream asset.
        assert result.output_for_node("top_customer") == "alice"

        # The file manager wrote the report under reports/ with a unique name.
        report_uri = materialized_metadata(result, "totals_report")["report"]
        assert report_uri.startswith("s3://acme-analytics/reports/")
        assert report_uri.endswith(".csv")
        report_key = report_uri.removeprefix("s3://acme-analytics/")
        report = client.get_object(Bucket="acme-analytics", Key=report_key)["Body"].read()
        assert report.decode() == "alice,50.75\nbob,17.00"


# --- Athena -----------------------------------------------------------------


class RecordingAthenaClient:
    def __init__(self):
        self.queries = []

    def execute_query(self, query, fetch_results=False):
        self.queries.append(" ".join(query.split()))
        # Athena returns every value as a string.
        return [("31", "12045")] if fetch_results else None


class RecordingAthenaResource(AthenaClientResource):
    def get_client(self):
        client = RecordingAthenaClient()
        RecordingAthenaResource.last_client = client
        return client


def test_athena_asset_runs_ctas_and_reads_counts():
    athena_example = load_example(f"{BASE}/athena.py")
    result = dg.materialize(
        [athena_example.daily_page_views],
        resources={"athena": RecordingAthenaResource(workgroup="analytics")},
    )
    assert result.success
    queries = RecordingAthenaResource.last_client.queries
    assert queries[0] == "DROP TABLE IF EXISTS analytics.daily_page_views"
    assert queries[1].startswith("CREATE TABLE analytics.daily_page_views")
    assert "FROM analytics.page_events" in queries[1]
    assert materialized_metadata(result, "daily_page_views") == {"days": 31, "views": 12045}


def test_athena_resource_settings():
    athena_example = load_example(f"{BASE}/athena.py")
    resource = athena_example.defs.resources["athena"]
    assert (resource.workgroup, resource.polling_interval, resource.max_polls) == (
        "analytics",
        2,
        450,
    )


# --- CloudWatch (Pipes messages read from a Batch job's log stream) --------


class FakeBatchClient:
    """Runs the job's container script locally when the job is submitted."""

    def __init__(self, logs):
        self.logs = logs
        self.submitted = None
        self.polls = 0

    def submit_job(self, **kwargs):
        self.submitted = kwargs
        env = {e["name"]: e["value"] for e in kwargs["containerOverrides"]["environment"]}
        script = EXAMPLES_ROOT / BASE / "cloudwatch_batch_job.py"
        completed = subprocess.run(
            [sys.executable, str(script)],
            env={**env, "PATH": "/usr/bin:/bin"},
            capture_output=True,
            text=True,
            check=True,
        )
        # awslogs ships each line of standard output as a log event.
        self.logs.events = completed.stdout.splitlines()
        return {"jobId": "job-123", "jobName": kwargs["jobName"]}

    def describe_jobs(self, jobs):
        self.polls += 1
        if self.polls == 1:
            return {"jobs": [{"jobId": jobs[0], "status": "RUNNABLE"}]}
        return {
            "jobs": [
                {
                    "jobId": jobs[0],
                    "status": "SUCCEEDED",
                    "container": {"logStreamName": "churn-scores/default/abc123"},
                }
            ]
        }


class FakeLogsClient:
    def __init__(self):
        self.events = []
        self.requests = []
        # The reader looks up ThrottlingException and ResourceNotFoundException here.
        self.exceptions = boto3.client("logs", region_name="us-east-1").exceptions

    def describe_log_streams(self, logGroupName, logStreamNamePrefix):
        return {"logStreams": [{"logStreamName": logStreamNamePrefix}]}

    def get_log_events(self, **params):
        self.requests.append(params)
        if params.get("nextToken") == "end":
            return {"events": [], "nextForwardToken": "end"}
        return {
            "events": [{"timestamp": 0, "message": line} for line in self.events],
            "nextForwardToken": "end",
        }


def test_cloudwatch_reader_collects_batch_job_results(monkeypatch):
    cloudwatch_example = load_example(f"{BASE}/cloudwatch.py")
    logs = FakeLogsClient()
    batch = FakeBatchClient(logs)
    monkeypatch.setattr(cloudwatch_example.BatchJobs, "batch_client", lambda self: batch)
    monkeypatch.setattr(cloudwatch_example.BatchJobs, "logs_client", lambda self: logs)

    result = dg.materialize(
        [cloudwatch_example.churn_scores],
        resources={"batch": cloudwatch_example.BatchJobs(job_queue="analytics", poll_seconds=0)},
    )
    assert result.success
    assert batch.submitted["jobQueue"] == "analytics"
    env_names = {e["name"] for e in batch.submitted["containerOverrides"]["environment"]}
    assert {"DAGSTER_PIPES_CONTEXT", "DAGSTER_PIPES_MESSAGES"} <= env_names
    # The reader polled the stream that Batch reported, in the configured group.
    assert logs.requests[0]["logGroupName"] == "/aws/batch/job"
    assert logs.requests[0]["logStreamName"] == "churn-scores/default/abc123"
    assert materialized_metadata(result, "churn_scores")["customers_scored"] == 5400


def test_cloudwatch_asset_fails_with_the_batch_job(monkeypatch):
    cloudwatch_example = load_example(f"{BASE}/cloudwatch.py")

    class FailingBatch:
        def submit_job(self, **kwargs):
            return {"jobId": "job-9"}

        def describe_jobs(self, jobs):
            return {"jobs": [{"jobId": "job-9", "status": "FAILED", "statusReason": "OOM"}]}

    # The reader waits 10 seconds for logs that never come; don't wait here.
    monkeypatch.setattr(pipes_utils, "WAIT_FOR_LOGS_AFTER_EXECUTION_INTERVAL", 0)
    monkeypatch.setattr(cloudwatch_example.BatchJobs, "batch_client", lambda self: FailingBatch())
    monkeypatch.setattr(cloudwatch_example.BatchJobs, "logs_client", lambda self: FakeLogsClient())
    result = dg.materialize(
        [cloudwatch_example.churn_scores],
        resources={"batch": cloudwatch_example.BatchJobs(job_queue="analytics", poll_seconds=0)},
        raise_on_error=False,
    )
    assert not result.success
    [failure] = result.get_step_failure_events()
    assert "job-9 failed: OOM" in failure.step_failure_data.error.message


# --- ECR Public ---------------------------------------------------------------


def test_ecr_job_writes_registry_auth_and_runs_kaniko(tmp_path, monkeypatch):
    ecr_example = load_example(f"{BASE}/ecr.py")
    calls = []
    monkeypatch.setattr(
        ecr_example.subprocess, "run", lambda args, **kwargs: calls.append((args, kwargs))
    )
    docker_dir = tmp_path / "docker"
    result = ecr_example.publish_image.execute_in_process(
        # FakeECRPublicResource ships with dagster-aws: its login password is "token".
        resources={"ecr_public": FakeECRPublicResource()},
        run_config={
            "ops": {
                "write_registry_auth": {"config": {"docker_config_dir": str(docker_dir)}},
                "build_and_push": {
                    "config": {"image": "public.ecr.aws/acme/tools:1.0"}
                },
            }
        },
    )
    assert result.success
    config = json.loads((docker_dir / "config.json").read_text())
    # The token goes into the file as it is: ECR Public already encodes it.
    assert config == {"auths": {"public.ecr.aws": {"auth": "token"}}}

    [(args, kwargs)] = calls
    assert args[0] == "/kaniko/executor"
    assert "--destination=public.ecr.aws/acme/tools:1.0" in args
    assert kwargs["env"]["DOCKER_CONFIG"] == str(docker_dir)


# --- EMR ----------------------------------------------------------------------


class FakeEmrClient:
    def __init__(self, states):
        self.states = list(states)
        self.added = None

    def add_job_flow_steps(self, JobFlowId, Steps):
        self.added = (JobFlowId, Steps)
        return {"StepIds": ["s-1"]}

    def describe_step(self, ClusterId, StepId):
        state = self.states.pop(0)
        return {
            "Step": {
                "Id": StepId,
                "Status": {
                    "State": state,
                    "Timeline": {"StartDateTime": datetime.datetime.now(datetime.timezone.utc)},
                    "StateChangeReason": {},
                },
            }
        }

    def describe_cluster(self, ClusterId):
        return {
            "Cluster": {"Id": ClusterId, "Status": {"State": "WAITING", "StateChangeReason": {}}}
        }


def test_emr_job_runner_submits_step_and_waits(monkeypatch):
    emr_example = load_example(f"{BASE}/emr.py")
    fake = FakeEmrClient(["PENDING", "RUNNING", "COMPLETED"])
    monkeypatch.setattr(EmrJobRunner, "make_emr_client", lambda self: fake)

    result = dg.materialize(
        [emr_example.sessionized_clicks],
        resources={"emr_cluster": emr_example.EmrCluster(cluster_id="j-ABC", poll_seconds=0)},
    )
    assert result.success
    cluster_id, [step] = fake.added
    assert cluster_id == "j-ABC"
    assert step["HadoopJarStep"]["Jar"] == "command-runner.jar"
    assert step["HadoopJarStep"]["Args"][-1] == "s3://acme-emr/jobs/sessionize.py"
    assert fake.states == []
    assert materialized_metadata(result, "sessionized_clicks") == {
        "cluster_id": "j-ABC",
        "step_id": "s-1",
    }


def test_emr_job_runner_failed_step_fails_the_asset(monkeypatch):
    emr_example = load_example(f"{BASE}/emr.py")
    monkeypatch.setattr(EmrJobRunner, "make_emr_client", lambda self: FakeEmrClient(["FAILED"]))
    result = dg.materialize(
        [emr_example.sessionized_clicks],
        resources={"emr_cluster": emr_example.EmrCluster(cluster_id="j-ABC", poll_seconds=0)},
        raise_on_error=False,
    )
    assert not result.success
    [failure] = result.get_step_failure_events()
    assert failure.step_failure_data.error.cause.cls_name == EmrError.__name__


class RecordingPipesClient:
    """Stands in for any Pipes client: records what run() receives."""

    def __init__(self, metadata):
        self.metadata = metadata
        self.calls = []

    def run(self, **kwargs):
        self.calls.append(kwargs)
        metadata = self.metadata

        class Invocation:
            def get_materialize_result(self):
                return dg.MaterializeResult(metadata=metadata)

        return Invocation()


def test_emr_pipes_asset_sends_a_transient_cluster_definition():
    emr_example = load_example(f"{BASE}/emr.py")
    client = RecordingPipesClient({"rows": 10})
    result = dg.materialize([emr_example.order_summary], resources={"emr_pipes": client})
    assert result.success
    params = client.calls[0]["run_job_flow_params"]
    assert params["Instances"]["KeepJobFlowAliveWhenNoSteps"] is False
    assert params["Steps"][0]["HadoopJarStep"]["Args"][0] == "spark-submit"
    assert materialized_metadata(result, "order_summary") == {"rows": 10}


# --- Glue ---------------------------------------------------------------------


class FakeGlueClient:
    """Runs the Glue job's script in this process when a run starts."""

    class meta:
        region_name = "us-east-1"

    def __init__(self, logs, job_module):
        self.logs = logs
        self.job_module = job_module
        self.started = None

    def start_job_run(self, **params):
        self.started = params
        argv = ["glue_job.py"]
        for name, value in params["Arguments"].items():
            argv += [name, value]
        stdout = io.StringIO()
        PipesContext.set(None)
        with contextlib.redirect_stdout(stdout):
            old_argv, sys.argv = sys.argv, argv
            try:
                self.job_module.main()
            finally:
                sys.argv = old_argv
                PipesContext.set(None)
        self.logs.events = stdout.getvalue().splitlines()
        return {"JobRunId": "jr_1"}

    def get_job_run(self, JobName, RunId):
        return {
            "JobRun": {
                "Id": RunId,
                "JobName": JobName,
                "JobRunState": "SUCCEEDED",
                "LogGroupName": "/aws-glue/jobs",
            }
        }


def test_glue_asset_runs_job_and_reads_cloudwatch_messages():
    glue_example = load_example(f"{BASE}/glue.py")
    job_module = load_example(f"{BASE}/glue_job.py")
    logs = FakeLogsClient()
    glue = FakeGlueClient(logs, job_module)
    with mock_aws():
        s3 = boto3.client("s3")
        s3.create_bucket(Bucket=glue_example.PIPES_BUCKET)
        glue_pipes = glue_example.PipesGlueClient(
            client=glue,
            context_injector=glue_example.PipesS3ContextInjector(
                client=s3, bucket=glue_example.PIPES_BUCKET
            ),
            message_reader=glue_example.PipesCloudWatchMessageReader(client=logs),
        )
        result = dg.materialize([glue_example.cleaned_orders], resources={"glue_pipes": glue_pipes})
        assert result.success
        # The context object was removed from the bucket when the session closed.
        assert s3.list_objects_v2(Bucket=glue_example.PIPES_BUCKET).get("KeyCount") == 0

    assert glue.started["JobName"] == "clean-orders"
    arguments = glue.started["Arguments"]
    assert arguments["--source_prefix"] == "s3://acme-raw/orders/"
    assert {"--dagster-pipes-context", "--dagster-pipes-messages"} <= set(arguments)
    # Glue writes the script's output to the ".../output" group, one stream per run.
    assert logs.requests[0]["logGroupName"] == "/aws-glue/jobs/output"
    assert logs.requests[0]["logStreamName"] == "jr_1"
    metadata = materialized_metadata(result, "cleaned_orders")
    assert metadata["row_count"] == 1250
    assert metadata["target_table"] == "analytics.orders_clean"
    assert metadata["AWS Glue Job Run ID"] == "jr_1"


# --- Lambda -------------------------------------------------------------------


class FakeLambdaClient:
    """Calls the handler in this process and returns what Lambda would."""

    def __init__(self, handler):
        self.handler = handler
        self.invocations = []

    def invoke(self, FunctionName, InvocationType, Payload, LogType=None):
        event = json.loads(Payload)
        self.invocations.append((FunctionName, InvocationType, event, LogType))
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr):
            output = self.handler(event, None)
        # With LogType="Tail", Lambda returns the last 4 KB of the logs.
        tail = stderr.getvalue()[-4096:]
        return {
            "StatusCode": 200,
            "LogResult": base64.b64encode(tail.encode()).decode(),
            "Payload": io.BytesIO(json.dumps(output).encode()),
        }


def test_lambda_asset_invokes_function_and_reads_log_tail():
    lambda_example = load_example(f"{BASE}/lambda.py")
    handler_module = load_example(f"{BASE}/lambda_handler.py")
    fake = FakeLambdaClient(handler_module.handler)

    result = dg.materialize(
        [lambda_example.resized_images],
        resources={"lambda_pipes": lambda_example.PipesLambdaClient(client=fake)},
    )
    assert result.success
    [(function_name, invocation_type, event, log_type)] = fake.invocations
    assert function_name == "resize-images"
    assert (invocation_type, log_type) == ("RequestResponse", "Tail")
    assert event["prefix"] == "uploads/" and event["max_width"] == 800
    assert "DAGSTER_PIPES_CONTEXT" in event
    assert materialized_metadata(result, "resized_images") == {"resized": 24, "prefix": "uploads/"}


# --- Redshift -----------------------------------------------------------------


class RecordingRedshiftClient:
    def __init__(self):
        self.statements = []

    def execute_queries(self, queries, fetch_results=False, **kwargs):
        self.statements.append(list(queries))

    def execute_query(self, query, fetch_results=False, **kwargs):
        self.statements.append(query)
        return [(5120,)] if fetch_results else None


class RecordingRedshiftResource(RedshiftClientResource):
    def get_client(self):
        client = RecordingRedshiftClient()
        RecordingRedshiftResource.last_client = client
        return client


def test_redshift_asset_reloads_table_in_one_transaction():
    redshift_example = load_example(f"{BASE}/redshift.py")
    result = dg.materialize(
        [redshift_example.orders_table],
        resources={"redshift": RecordingRedshiftResource(host="localhost")},
    )
    assert result.success
    reload, count = RecordingRedshiftResource.last_client.statements
    assert reload[0] == "DELETE FROM analytics.orders"
    assert reload[1].startswith("COPY analytics.orders FROM 's3://acme-raw/orders/'")
    assert count == "SELECT count(*) FROM analytics.orders"
    assert materialized_metadata(result, "orders_table") == {"row_count": 5120}


def test_redshift_password_comes_from_the_environment(monkeypatch):
    redshift_example = load_example(f"{BASE}/redshift.py")
    monkeypatch.setenv("REDSHIFT_PASSWORD", "s3cret")
    resource = redshift_example.defs.resources["redshift"]
    with dg.build_resources({"redshift": resource}) as resources:
        client = resources.redshift.get_client()
    assert client.conn_args["password"] == "s3cret"
    assert client.conn_args["port"] == 5439


# --- Secrets Manager ----------------------------------------------------------


def test_secrets_are_loaded_by_tag_and_checked():
    secrets_example = load_example(f"{BASE}/secretsmanager.py")
    with mock_aws():
        client = boto3.client("secretsmanager")
        client.create_secret(
            Name="partner-export-signing-key",
            SecretString="k3y",
            Tags=[{"Key": "dagster", "Value": "true"}],
        )
        # Not tagged: the resource does not load it.
        client.create_secret(Name="unrelated", SecretString="nope")

        result = dg.materialize(
            [secrets_example.partner_export, secrets_example.signing_key_rotated_recently],
            resources=secrets_example.defs.resources,
        )
        assert result.success

        resource = secrets_example.defs.resources["secrets"]
        assert resource.fetch_secrets() == {"partner-export-signing-key": "k3y"}

    metadata = materialized_metadata(result, "partner_export")
    payload = json.dumps([{"sku": "A-100", "units": 12}, {"sku": "B-200", "units": 3}])
    expected = hmac.new(b"k3y", payload.encode(), hashlib.sha256).hexdigest()
    assert metadata["signature"] == expected
    [check] = result.get_asset_check_evaluations()
    assert check.passed
    assert check.metadata["days_since_change"].value == 0


# --- Systems Manager Parameter Store -------------------------------------------


def test_parameters_drive_batches_and_watermark_is_written():
    ssm_example = load_example(f"{BASE}/ssm.py")
    with mock_aws():
        client = boto3.client("ssm")
        client.put_parameter(Name="/acme/prod/exports/batch_size", Value="250", Type="String")
        client.put_parameter(
            Name="/acme/prod/exports/api_token", Value="t0ken", Type="SecureString"
        )

        settings = ssm_example.defs.resources["parameter_store"].fetch_parameters()
        # with_decryption=True returns SecureString values in clear text.
        assert settings == {
            "/acme/prod/exports/batch_size": "250",
            "/acme/prod/exports/api_token": "t0ken",
        }

        result = dg.materialize(
            [ssm_example.customer_export_batches, ssm_example.export_watermark],
            resources=ssm_example.defs.resources,
        )
        assert result.success
        watermark = client.get_parameter(Name="/acme/prod/state/last_export_date")
        assert watermark["Parameter"]["Value"] == datetime.date.today().isoformat()

    batches = result.output_for_node("customer_export_batches")
    assert [len(b) for b in batches] == [250, 250, 250, 250]
    assert batches[0][0] == 1 and batches[-1][-1] == 1000


def test_example_files_exist():
    assert set(EXAMPLES) >= {
        f"{name}.py"
        for name in (
            "athena",
            "cloudwatch",
            "ecr",
            "emr",
            "glue",
            "lambda",
            "redshift",
            "s3",
            "secretsmanager",
            "ssm",
        )
    }
    assert Path(EXAMPLES_ROOT / BASE).is_dir()
