import dagster as dg
from dagster_pagerduty import PagerDutyService

# start_resource
pagerduty = PagerDutyService(routing_key=dg.EnvVar("PAGERDUTY_ROUTING_KEY"))
# end_resource


# start_asset
@dg.asset
def order_volume() -> int:
    return 42


@dg.asset_check(asset=order_volume)
def order_volume_is_plausible(
    order_volume: int, pagerduty: PagerDutyService
) -> dg.AssetCheckResult:
    passed = order_volume > 0
    if not passed:
        pagerduty.EventV2_create(
            summary="order_volume is zero: the upstream export may have failed",
            source="dagster",
            severity="error",
            dedup_key="order_volume_zero",
        )
    return dg.AssetCheckResult(passed=passed, metadata={"order_volume": order_volume})


# end_asset

defs = dg.Definitions(
    assets=[order_volume],
    asset_checks=[order_volume_is_plausible],
    resources={"pagerduty": pagerduty},
)
