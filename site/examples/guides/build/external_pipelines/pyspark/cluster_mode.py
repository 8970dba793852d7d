import os
import subprocess

import boto3
import dagster as dg
from dagster_aws.pipes import PipesS3ContextInjector, PipesS3MessageReader


@dg.asset
def cluster_order_totals(context: dg.AssetExecutionContext):
    # In cluster deploy mode the driver runs on a cluster node: it cannot see
    # this machine's environment variables or temporary files. The context and
    # the messages travel through S3, and the bootstrap parameters are passed
    # as arguments of the application.
    s3 = boto3.client("s3")
    bucket = os.environ["DAGSTER_PIPES_BUCKET"]
    with dg.open_pipes_session(
        context=context,
        context_injector=PipesS3ContextInjector(client=s3, bucket=bucket),
        message_reader=PipesS3MessageReader(client=s3, bucket=bucket, interval=5),
    ) as session:
        pipes_args = [
            part for pair in session.get_bootstrap_cli_arguments().items() for part in pair
        ]
        subprocess.run(
            [
                "spark-submit",
                "--master",
                "yarn",
                "--deploy-mode",
                "cluster",
                "s3://acme-spark-jobs/cluster_job.py",
                *pipes_args,
            ],
            check=True,
        )
    yield from session.get_results()


defs = dg.Definitions(assets=[cluster_order_totals])
