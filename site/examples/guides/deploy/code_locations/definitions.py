"""A code location: one module that ends with a Definitions object."""

import dagster as dg


# start_definitions
@dg.asset
def raw_orders() -> list[dict]:
    return [{"id": 1, "amount": 40.0}, {"id": 2, "amount": 25.5}]


@dg.asset
def order_totals(raw_orders: list[dict]) -> float:
    return sum(order["amount"] for order in raw_orders)


orders_job = dg.define_asset_job("orders_job", selection=[raw_orders, order_totals])

daily_orders = dg.ScheduleDefinition(job=orders_job, cron_schedule="0 6 * * *")

defs = dg.Definitions(
    assets=[raw_orders, order_totals],
    jobs=[orders_job],
    schedules=[daily_orders],
)
# end_definitions
