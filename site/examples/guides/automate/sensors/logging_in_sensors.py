import dagster as dg


# start_setup
@dg.asset
def inventory_snapshot() -> dict:
    return {"skus": 1200}


inventory_job = dg.define_asset_job("inventory_job", selection=[inventory_snapshot])


def fetch_pending_orders() -> list[str]:
    """Stand-in for a call to an order system."""
    return ["order-17", "order-18"]
# end_setup


# start_logging_sensor
@dg.sensor(target=inventory_job)
def pending_orders_sensor(context: dg.SensorEvaluationContext):
    context.log.info("Checking the order system for pending orders")
    try:
        orders = fetch_pending_orders()
    except ConnectionError as error:
        # A warning shows on the tick; returning a skip keeps the sensor running.
        context.log.warning(f"Order system unreachable: {error}")
        return dg.SkipReason("Order system unreachable")

    context.log.debug(f"Order ids: {orders}")
    if not orders:
        return dg.SkipReason("No pending orders")

    context.log.info(f"Found {len(orders)} pending orders, requesting a run")
    return dg.RunRequest(run_key=",".join(sorted(orders)))
# end_logging_sensor


# start_definitions
defs = dg.Definitions(
    assets=[inventory_snapshot], jobs=[inventory_job], sensors=[pending_orders_sensor]
)
# end_definitions
