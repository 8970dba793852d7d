"""A standalone script that summarizes a batch of orders.

It knows nothing about Dagster yet: Dagster launches it as a subprocess.
"""

import random


def load_orders(count: int) -> list[float]:
    # Stand-in for reading from a database or a file: a fixed seed keeps the
    # numbers the same on every run.
    rng = random.Random(7)
    return [round(rng.uniform(5, 250), 2) for _ in range(count)]


def main() -> None:
    orders = load_orders(120)
    total = sum(orders)
    print(f"Summarized {len(orders)} orders, {total:.2f} in total")


if __name__ == "__main__":
    main()
