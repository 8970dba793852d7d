import dagster as dg

# start_eager
@dg.asset
def raw_orders() -> list[dict]:
    """Loaded by a schedule or by hand; it has no condition of its own."""
    return [{"id": 1, "amount": 30}, {"id": 2, "amount": 12}]


@dg.asset(automation_condition=dg.AutomationCondition.eager())
def cleaned_orders(raw_orders: list[dict]) -> list[dict]:
    return [order for order in raw_orders if order["amount"] > 0]
# end_eager


# start_on_cron
@dg.asset(automation_condition=dg.AutomationCondition.on_cron("0 9 * * *"))
def orders_report(cleaned_orders: list[dict]) -> int:
    return len(cleaned_orders)
# end_on_cron


# start_on_missing
hourly = dg.HourlyPartitionsDefinition(start_date="2024-01-01-00:00")


@dg.asset(partitions_def=hourly, automation_condition=dg.AutomationCondition.on_missing())
def hourly_clicks(context: dg.AssetExecutionContext) -> str:
    return context.partition_key
# end_on_missing


# start_sensor
# Evaluate the conditions of the "orders" assets every 60 seconds, with their
# own sensor, turned on from the start.
orders_automation_sensor = dg.AutomationConditionSensorDefinition(
    "orders_automation_sensor",
    target=dg.AssetSelection.assets(cleaned_orders, orders_report),
    default_status=dg.DefaultSensorStatus.RUNNING,
    minimum_interval_seconds=60,
    run_tags={"team": "orders"},
)
# end_sensor


# start_definitions
defs = dg.Definitions(
    assets=[raw_orders, cleaned_orders, orders_report, hourly_clicks],
    sensors=[orders_automation_sensor],
)
# end_definitions
