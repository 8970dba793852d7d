import datetime

import dagster as dg


# start_assets
@dg.asset
def daily_orders() -> list[int]:
    return [1, 2, 3]


@dg.asset
def daily_refunds() -> list[int]:
    return [2]


@dg.asset
def finance_report() -> str:
    return "report"


finance_job = dg.define_asset_job("finance_job", selection=[finance_report])
# end_assets


# start_asset_sensor
@dg.asset_sensor(asset_key=dg.AssetKey("daily_orders"), job=finance_job)
def orders_updated_sensor(context: dg.SensorEvaluationContext, asset_event: dg.EventLogEntry):
    materialization = asset_event.asset_materialization
    # One report per upstream run: key the request by the run that wrote the asset.
    return dg.RunRequest(
        run_key=asset_event.run_id,
        tags={"triggered_by": materialization.asset_key.to_user_string()},
    )
# end_asset_sensor


# start_multi_asset_sensor
@dg.multi_asset_sensor(
    monitored_assets=[dg.AssetKey("daily_orders"), dg.AssetKey("daily_refunds")],
    job=finance_job,
)
def orders_and_refunds_sensor(context: dg.MultiAssetSensorEvaluationContext):
    latest = context.latest_materialization_records_by_key()
    if not all(latest.values()):
        missing = [key.to_user_string() for key, record in latest.items() if not record]
        return dg.SkipReason(f"Waiting for {', '.join(missing)}")
    # Both assets have a new materialization: run once, then move past them.
    context.advance_all_cursors()
    return dg.RunRequest()
# end_multi_asset_sensor


# start_freshness
@dg.asset(
    freshness_policy=dg.FreshnessPolicy.time_window(
        fail_window=datetime.timedelta(hours=26), warn_window=datetime.timedelta(hours=24)
    ),
    # Rebuild when the asset is first missing, and again each time its freshness starts failing.
    automation_condition=dg.AutomationCondition.on_missing()
    | dg.AutomationCondition.freshness_failed().newly_true(),
)
def exchange_rates() -> dict:
    return {"EUR": 1.08}
# end_freshness


# start_definitions
defs = dg.Definitions(
    assets=[daily_orders, daily_refunds, finance_report, exchange_rates],
    jobs=[finance_job],
    sensors=[orders_updated_sensor, orders_and_refunds_sensor],
)
# end_definitions
