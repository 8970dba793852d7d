"""Write the small sample CSV files that the ETL pipeline tutorial ingests.

Run it from the tutorial project folder:

    python generate_data.py

It writes raw_customers.csv, raw_products.csv and raw_orders.csv into a
``data`` folder next to this file. The output is deterministic: the same
seed always produces the same rows.
"""

import csv
import datetime
import random
from pathlib import Path

DATA_DIR = Path(__file__).parent / "data"

FIRST_NAMES = [
    "Ada", "Bruno", "Chen", "Dalia", "Emeka", "Freya", "Gustavo", "Hana",
    "Ivan", "Jun", "Keira", "Luis", "Mira", "Nikhil", "Olga", "Pavel",
    "Quinn", "Rosa", "Sami", "Tove",
]
LAST_NAMES = [
    "Okafor", "Lindqvist", "Moreau", "Tanaka", "Silva", "Novak", "Haddad",
    "Kowalski", "Rossi", "Byrne",
]
COUNTRIES = ["US", "DE", "FR", "JP", "BR", "IN"]

PRODUCTS = [
    # product_id, name, category, price
    (1, "Noise-cancelling headphones", "electronics", 199.00),
    (2, "USB-C charger", "electronics", 29.50),
    (3, "E-reader", "electronics", 129.99),
    (4, "Ceramic teapot", "home", 34.00),
    (5, "Linen bedsheet set", "home", 89.90),
    (6, "Desk lamp", "home", 45.25),
    (7, "Camping tent", "outdoors", 249.00),
    (8, "Trail running shoes", "outdoors", 119.95),
    (9, "Insulated water bottle", "outdoors", 24.99),
]

FIRST_ORDER_DATE = datetime.date(2024, 1, 1)
LAST_ORDER_DATE = datetime.date(2024, 6, 30)


def build_customers(rng: random.Random) -> list[dict]:
    customers = []
    for customer_id, first_name in enumerate(FIRST_NAMES, start=1):
        signup_offset = datetime.timedelta(days=rng.randint(0, 364))
        signup = datetime.date(2023, 1, 1) + signup_offset
        customers.append(
            {
                "customer_id": customer_id,
                "first_name": first_name,
                "last_name": rng.choice(LAST_NAMES),
                "country": rng.choice(COUNTRIES),
                "signup_date": signup.isoformat(),
            }
        )
    return customers


def build_products() -> list[dict]:
    return [
        {
            "product_id": pid,
            "name": name,
            "category": category,
            "price": f"{price:.2f}",
        }
        for pid, name, category, price in PRODUCTS
    ]


def build_orders(
    rng: random.Random, customer_count: int, order_count: int = 150
) -> list[dict]:
    span = (LAST_ORDER_DATE - FIRST_ORDER_DATE).days
    dates = sorted(
        FIRST_ORDER_DATE + datetime.timedelta(days=rng.randint(0, span))
        for _ in range(order_count)
    )
    return [
        {
            "order_id": 1000 + index,
            "order_date": order_date.isoformat(),
            "customer_id": rng.randint(1, customer_count),
            "product_id": rng.randint(1, len(PRODUCTS)),
            "quantity": rng.randint(1, 4),
        }
        for index, order_date in enumerate(dates, start=1)
    ]


def write_csv(path: Path, rows: list[dict]) -> None:
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(
            handle, fieldnames=list(rows[0]), lineterminator="\n"
        )
        writer.writeheader()
        writer.writerows(rows)


def generate(data_dir: Path = DATA_DIR, seed: int = 42) -> None:
    rng = random.Random(seed)
    customers = build_customers(rng)
    orders = build_orders(rng, customer_count=len(customers))
    data_dir.mkdir(parents=True, exist_ok=True)
    write_csv(data_dir / "raw_customers.csv", customers)
    write_csv(data_dir / "raw_products.csv", build_products())
    write_csv(data_dir / "raw_orders.csv", orders)


if __name__ == "__main__":
    generate()
    print(f"Wrote sample data to {DATA_DIR}")
