"""Runs inside the ECS task's container.

The image needs `dagster-pipes` installed. Dagster passes the context in
environment variables, and the default message writer prints messages to
stdout, which the awslogs driver ships to CloudWatch for Dagster to read.
"""

import random

from dagster_pipes import open_dagster_pipes


def main() -> None:
    with open_dagster_pipes() as pipes:
        order_count = pipes.get_extra("order_count")
        pipes.log.info(f"Summarizing {order_count} orders on ECS")
        rng = random.Random(11)
        total = sum(rng.uniform(5, 250) for _ in range(order_count))
        pipes.report_asset_materialization(
            metadata={"order_count": order_count, "total_amount": round(total, 2)}
        )


if __name__ == "__main__":
    main()
