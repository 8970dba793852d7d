"""The script of the `clean-orders` Glue job.

Give the job the argument `--additional-python-modules dagster-pipes` so that
Glue installs the package before the script runs.
"""

# start_job_script
import boto3
from dagster_pipes import PipesCliArgsParamsLoader, PipesS3ContextLoader, open_dagster_pipes


def main() -> None:
    # Dagster passes --dagster-pipes-context and --dagster-pipes-messages as job
    # arguments; the context itself is read from S3.
    with open_dagster_pipes(
        params_loader=PipesCliArgsParamsLoader(),
        context_loader=PipesS3ContextLoader(client=boto3.client("s3")),
    ) as pipes:
        target_table = pipes.get_extra("target_table")
        row_count = clean_orders(target_table)
        pipes.log.info(f"Wrote {row_count} rows to {target_table}")
        pipes.report_asset_materialization(
            metadata={"row_count": row_count, "target_table": target_table}
        )


# end_job_script


def clean_orders(target_table: str) -> int:
    """Stands in for the job's Spark or Python transformation."""
    return 1250


if __name__ == "__main__":
    main()
