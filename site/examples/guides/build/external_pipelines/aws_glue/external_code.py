"""The script of an AWS Glue Python or Spark job.

Give the job the parameter `--additional-python-modules dagster-pipes` so
that Glue installs the package before the script starts.
"""

import boto3
from dagster_pipes import (
    PipesCliArgsParamsLoader,
    PipesS3ContextLoader,
    open_dagster_pipes,
)


def main() -> None:
    # Glue passes the bootstrap parameters as job arguments (--dagster-pipes-context
    # and --dagster-pipes-messages); the context itself is a file in S3.
    with open_dagster_pipes(
        params_loader=PipesCliArgsParamsLoader(),
        context_loader=PipesS3ContextLoader(client=boto3.client("s3")),
    ) as pipes:
        source_path = pipes.get_extra("source_path")
        pipes.log.info(f"Cleaning files under {source_path}")
        cleaned_files = 12
        pipes.report_asset_materialization(
            metadata={"cleaned_files": cleaned_files, "source_path": source_path}
        )


if __name__ == "__main__":
    main()
