# start_resource
import os

import boto3
import dagster as dg
from dagster_aws.pipes import PipesEMRContainersClient, PipesS3MessageReader


@dg.resource
def pipes_emr_containers_client(_init_context) -> PipesEMRContainersClient:
    return PipesEMRContainersClient(
        client=boto3.client("emr-containers"),
        message_reader=PipesS3MessageReader(
            client=boto3.client("s3"),
            bucket=os.environ["DAGSTER_PIPES_BUCKET"],
            include_stdio_in_messages=True,
        ),
    )


# end_resource


# start_asset
@dg.asset
def eks_order_summary(
    context: dg.AssetExecutionContext,
    pipes_emr_containers_client: PipesEMRContainersClient,
) -> dg.MaterializeResult:
    return pipes_emr_containers_client.run(
        context=context,
        start_job_run_params={
            "name": "order-summary",
            "virtualClusterId": "abcdefghijklmnop0123456789",
            "executionRoleArn": "arn:aws:iam::123456789012:role/emr-on-eks-job-role",
            "releaseLabel": "emr-7.5.0-latest",
            "jobDriver": {
                "sparkSubmitJobDriver": {
                    "entryPoint": "s3://acme-emr-scripts/external_code.py",
                    "sparkSubmitParameters": "--conf spark.executor.instances=2",
                }
            },
            "configurationOverrides": {
                "applicationConfiguration": [
                    {
                        "classification": "spark-defaults",
                        "properties": {
                            # An image with dagster-pipes and boto3 installed.
                            "spark.kubernetes.container.image": (
                                "123456789012.dkr.ecr.us-east-1.amazonaws.com/spark-pipes:latest"
                            ),
                        },
                    }
                ]
            },
        },
        extras={"region": "us-east-1"},
    ).get_materialize_result()


# end_asset


# start_definitions
defs = dg.Definitions(
    assets=[eks_order_summary],
    resources={"pipes_emr_containers_client": pipes_emr_containers_client},
)
# end_definitions
