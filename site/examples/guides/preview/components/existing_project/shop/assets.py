import dagster as dg


# The project's existing assets, written before it adopted components.
@dg.asset
def orders() -> list[int]:
    return [20, 35, 12]


@dg.asset
def order_total(orders: list[int]) -> int:
    return sum(orders)


daily_job = dg.define_asset_job("daily_job", selection=[orders, order_total])
