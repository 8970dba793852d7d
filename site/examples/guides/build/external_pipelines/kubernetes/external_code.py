"""Runs in the pod that Dagster launches; bake it into the image with dagster-pipes.

The context arrives in environment variables, and the default message writer
prints messages to stderr, which Dagster reads back from the pod's logs.
"""

import os

from dagster_pipes import open_dagster_pipes


def main() -> None:
    with open_dagster_pipes() as pipes:
        batch_size = pipes.get_extra("batch_size")
        model = os.environ.get("MODEL_NAME", "baseline")
        pipes.log.info(f"Scoring with {model} in batches of {batch_size}")
        scored_rows = batch_size * 8
        pipes.report_asset_materialization(
            metadata={"scored_rows": scored_rows, "model": model}
        )


if __name__ == "__main__":
    main()
