import dagster as dg
from dagster_hightouch import ConfigurableHightouchResource


# start_asset
@dg.asset(deps=[dg.AssetKey(["analytics", "customer_segments"])])
def crm_segments_sync(hightouch: ConfigurableHightouchResource) -> dg.MaterializeResult:
    """Push customer segments to the CRM with a Hightouch sync, and wait for it."""
    output = hightouch.sync_and_poll(sync_id="123456", poll_timeout=1800)
    return dg.MaterializeResult(
        metadata={"sync_run_id": str(output.sync_run_details.get("id"))}
    )


# end_asset

customer_segments = dg.AssetSpec(["analytics", "customer_segments"])

# start_definitions
defs = dg.Definitions(
    assets=[customer_segments, crm_segments_sync],
    resources={
        "hightouch": ConfigurableHightouchResource(api_key=dg.EnvVar("HIGHTOUCH_API_KEY"))
    },
)
# end_definitions
