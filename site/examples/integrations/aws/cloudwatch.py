import time

import boto3
import dagster as dg
from dagster_aws.pipes import PipesCloudWatchMessageReader


# start_resource
class BatchJobs(dg.ConfigurableResource):
    """Where AWS Batch jobs run and where their logs go."""

    job_queue: str
    region_name: str = "us-east-1"
    # The log group of the awslogs driver's default configuration in Batch.
    log_group: str = "/aws/batch/job"
    poll_seconds: float = 15

    def batch_client(self):
        return boto3.client("batch", region_name=self.region_name)

    def logs_client(self):
        return boto3.client("logs", region_name=self.region_name)


# end_resource


# start_asset
@dg.asset
def churn_scores(context: dg.AssetExecutionContext, batch: BatchJobs):
    batch_client = batch.batch_client()
    # Reads Pipes messages from the job's CloudWatch log stream.
    reader = PipesCloudWatchMessageReader(client=batch.logs_client(), log_group=batch.log_group)

    with dg.open_pipes_session(
        context=context,
        context_injector=dg.PipesEnvContextInjector(),
        message_reader=reader,
    ) as session:
        # The job receives the Pipes bootstrap parameters as environment variables.
        environment = [
            {"name": name, "value": value}
            for name, value in session.get_bootstrap_env_vars().items()
        ]
        job_id = batch_client.submit_job(
            jobName="churn-scores",
            jobQueue=batch.job_queue,
            jobDefinition="churn-scores",
            containerOverrides={"environment": environment},
        )["jobId"]

        reported_stream = False
        while True:
            job = batch_client.describe_jobs(jobs=[job_id])["jobs"][0]
            stream = job.get("container", {}).get("logStreamName")
            if stream and not reported_stream:
                # Batch names the log stream when the container starts:
                # hand it to the reader, which starts polling CloudWatch.
                session.report_launched({"extras": {"log_stream": stream}})
                reported_stream = True
            if job["status"] in ("SUCCEEDED", "FAILED"):
                break
            time.sleep(batch.poll_seconds)

        if job["status"] == "FAILED":
            raise dg.Failure(f"Batch job {job_id} failed: {job.get('statusReason', '')}")

    # What the job reported (materializations, metadata), once its logs are read.
    yield from session.get_results()


# end_asset


# start_definitions
defs = dg.Definitions(
    assets=[churn_scores],
    resources={"batch": BatchJobs(job_queue="analytics")},
)
# end_definitions
