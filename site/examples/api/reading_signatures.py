"""Calls that follow the signatures explained on the API reference overview."""

import dagster as dg


# start_bare_and_called
# `compute_fn` is the first parameter of `dg.asset` and defaults to None,
# so the decorator works both bare and called with keyword arguments.
@dg.asset
def orders() -> list[dict]:
    return [{"order_id": 1, "amount": 40.0}, {"order_id": 2, "amount": 25.5}]


@dg.asset(group_name="sales", tags={"domain": "sales"})
def order_totals(orders: list[dict]) -> float:
    return sum(order["amount"] for order in orders)


# end_bare_and_called


# start_schedule_call
# `cron_schedule` comes before the `*`: pass it by position or by name.
# Everything after the `*` is keyword-only.
@dg.schedule(
    "0 6 * * *",
    target=[orders, order_totals],
    execution_timezone="Europe/Berlin",
)
def morning_sales(context: dg.ScheduleEvaluationContext) -> dg.RunRequest:
    day = context.scheduled_execution_time.strftime("%Y-%m-%d")
    return dg.RunRequest(run_key=day, tags={"day": day})


# end_schedule_call

defs = dg.Definitions(assets=[orders, order_totals], schedules=[morning_sales])
