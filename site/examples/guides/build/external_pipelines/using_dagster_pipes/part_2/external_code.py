"""The order summary script, now reporting back to Dagster through Pipes."""

# start_imports
import os
import random

from dagster_pipes import PipesContext, open_dagster_pipes

# end_imports


def load_orders(count: int) -> list[float]:
    rng = random.Random(7)
    return [round(rng.uniform(5, 250), 2) for _ in range(count)]


# start_helper
def check_amounts(orders: list[float]) -> None:
    # Any function can reach the active Pipes context without passing it around.
    pipes = PipesContext.get()
    negative = [amount for amount in orders if amount < 0]
    pipes.report_asset_check(
        check_name="no_negative_amounts",
        passed=not negative,
        metadata={"negative_count": len(negative)},
    )


# end_helper


# start_main
def main() -> None:
    with open_dagster_pipes() as pipes:
        # Values the asset passed with `extras=`.
        order_count = pipes.get_extra("order_count")
        # Values the asset passed with `env=` arrive as ordinary variables.
        source = os.environ.get("ORDER_SOURCE", "unknown")
        pipes.log.info(f"Loading {order_count} orders from {source} for {pipes.asset_key}")

        orders = load_orders(order_count)
        total = round(sum(orders), 2)

        check_amounts(orders)
        pipes.report_asset_materialization(
            metadata={
                "order_count": len(orders),
                "total_amount": {"raw_value": total, "type": "float"},
                "largest_order": max(orders),
                "source": source,
            },
            data_version=f"{len(orders)}-{total}",
        )


# end_main


if __name__ == "__main__":
    main()
