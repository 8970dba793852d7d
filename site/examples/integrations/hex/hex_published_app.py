import time

import dagster as dg
from dagster_hex.resources import HexResource, hex_resource

# start_asset
SALES_APP_ID = "5a8591dd-4039-49df-9202-96385ba3eff8"
ENDED = {"COMPLETED", "ERRORED", "UNABLE_TO_ALLOCATE_KERNEL"}


@dg.asset(
    required_resource_keys={"hex"},
    deps=[dg.AssetKey(["analytics", "daily_sales"])],
    kinds={"hex"},
)
def sales_app(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
    """Re-run the published Hex app and keep its results for the app's viewers."""
    hex_client: HexResource = context.resources.hex
    run = hex_client.run_project(SALES_APP_ID, update_published_results=True)
    deadline = time.monotonic() + 30 * 60
    status = hex_client.run_status(SALES_APP_ID, run["runId"])["status"]
    while status not in ENDED:
        if time.monotonic() > deadline:
            hex_client.cancel_run(SALES_APP_ID, run["runId"])
            raise dg.Failure(f"Hex run {run['runId']} took longer than 30 minutes")
        time.sleep(5)
        status = hex_client.run_status(SALES_APP_ID, run["runId"])["status"]
    if status != "COMPLETED":
        raise dg.Failure(f"Hex run ended as {status}; see {run['runUrl']}")
    return dg.MaterializeResult(metadata={"run_url": dg.MetadataValue.url(run["runUrl"])})


# end_asset

daily_sales = dg.AssetSpec(["analytics", "daily_sales"])

# start_definitions
defs = dg.Definitions(
    assets=[daily_sales, sales_app],
    resources={"hex": hex_resource.configured({"api_key": {"env": "HEX_API_KEY"}})},
)
# end_definitions
