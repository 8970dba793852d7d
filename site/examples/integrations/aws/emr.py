import time

import boto3
import dagster as dg
from dagster_aws.emr import EmrJobRunner
from dagster_aws.pipes import PipesEMRClient, PipesS3MessageReader

REGION = "us-east-1"


# start_pipes
@dg.asset
def order_summary(
    context: dg.AssetExecutionContext, emr_pipes: PipesEMRClient
) -> dg.MaterializeResult:
    # Launches a transient cluster that runs one Spark step and shuts down.
    invocation = emr_pipes.run(
        context=context,
        run_job_flow_params={
            "Name": "order-summary",
            "ReleaseLabel": "emr-7.5.0",
            "Applications": [{"Name": "Spark"}],
            # Step and application logs go here; Dagster forwards them to the run.
            "LogUri": "s3://acme-emr/logs/",
            "Instances": {
                "InstanceGroups": [
                    {"InstanceRole": "MASTER", "InstanceType": "m5.xlarge", "InstanceCount": 1}
                ],
                "KeepJobFlowAliveWhenNoSteps": False,
            },
            "BootstrapActions": [
                {
                    "Name": "Install dagster-pipes",
                    "ScriptBootstrapAction": {"Path": "s3://acme-emr/bootstrap/pipes.sh"},
                }
            ],
            "Steps": [
                {
                    "Name": "Summarize orders",
                    "ActionOnFailure": "TERMINATE_CLUSTER",
                    "HadoopJarStep": {
                        "Jar": "command-runner.jar",
                        "Args": ["spark-submit", "s3://acme-emr/jobs/order_summary.py"],
                    },
                }
            ],
            "JobFlowRole": "EMR_EC2_DefaultRole",
            "ServiceRole": "EMR_DefaultRole",
        },
    )
    return invocation.get_materialize_result()


# end_pipes


# start_job_runner
class EmrCluster(dg.ConfigurableResource):
    """A long-running EMR cluster that assets submit steps to."""

    cluster_id: str
    region: str = REGION
    poll_seconds: int = 30

    def runner(self) -> EmrJobRunner:
        return EmrJobRunner(region=self.region, check_cluster_every=self.poll_seconds)


@dg.asset
def sessionized_clicks(
    context: dg.AssetExecutionContext, emr_cluster: EmrCluster
) -> dg.MaterializeResult:
    runner = emr_cluster.runner()
    step = EmrJobRunner.construct_step_dict_for_command(
        "Sessionize clicks",
        ["spark-submit", "--deploy-mode", "cluster", "s3://acme-emr/jobs/sessionize.py"],
    )
    [step_id] = runner.add_job_flow_steps(context.log, emr_cluster.cluster_id, [step])

    # Returns False while the step is pending or running, True once it has
    # completed, and raises EmrError if it failed or was cancelled.
    while not runner.is_emr_step_complete(context.log, emr_cluster.cluster_id, step_id):
        time.sleep(emr_cluster.poll_seconds)

    return dg.MaterializeResult(
        metadata={"cluster_id": emr_cluster.cluster_id, "step_id": step_id}
    )


# end_job_runner


# start_definitions
defs = dg.Definitions(
    assets=[order_summary, sessionized_clicks],
    resources={
        "emr_pipes": PipesEMRClient(
            client=boto3.client("emr", region_name=REGION),
            # The Spark script writes its messages to this bucket with PipesS3MessageWriter.
            message_reader=PipesS3MessageReader(
                client=boto3.client("s3", region_name=REGION),
                bucket="acme-dagster-pipes",
            ),
        ),
        "emr_cluster": EmrCluster(cluster_id=dg.EnvVar("EMR_CLUSTER_ID")),
    },
)
# end_definitions
