"""The entry point of the `churn-scores` AWS Batch job's container.

Install `dagster-pipes` in the image. Batch's awslogs log driver ships the
container's standard output to CloudWatch Logs, where Dagster reads it.
"""

# start_job
from dagster_pipes import open_dagster_pipes


def main() -> None:
    # The default loaders read the parameters from the environment variables
    # that Dagster set; messages go to stdout, and so to CloudWatch.
    with open_dagster_pipes() as pipes:
        scored = score_customers()
        pipes.log.info(f"Scored {scored} customers")
        pipes.report_asset_materialization(metadata={"customers_scored": scored})


# end_job


def score_customers() -> int:
    """Stands in for the model scoring the job runs."""
    return 5400


if __name__ == "__main__":
    main()
