import dagster as dg
from dagster_census import CensusResource

# start_resource
census = CensusResource(api_key=dg.EnvVar("CENSUS_API_KEY"))
# end_resource


# start_assets
@dg.asset
def customer_health_scores() -> list[dict]:
    # In a real project this table lives in your warehouse, built by SQL or dbt.
    return [
        {"account_id": "acme", "health_score": 0.92},
        {"account_id": "globex", "health_score": 0.41},
    ]


class CensusSyncConfig(dg.Config):
    sync_id: int = 1234567
    force_full_sync: bool = False


@dg.asset(deps=[customer_health_scores], kinds={"census"})
def crm_health_scores(
    context: dg.AssetExecutionContext, config: CensusSyncConfig, census: CensusResource
) -> dg.MaterializeResult:
    # Start the sync that copies the warehouse table into the CRM, and wait for it.
    output = census.trigger_sync_and_poll(
        sync_id=config.sync_id,
        force_full_sync=config.force_full_sync,
        poll_interval=15,
    )
    run = output.sync_run
    if run["status"] != "completed":
        # Polling stops at any final status, including "failed": decide what fails the step.
        raise dg.Failure(f"Census sync run {run['id']} ended with status {run['status']}")
    return dg.MaterializeResult(
        metadata={
            "sync_run_id": run["id"],
            "records_updated": run.get("records_updated", 0),
            "records_failed": run.get("records_failed", 0),
            "destination": output.destination.get("name", ""),
        }
    )


# end_assets

# start_definitions
defs = dg.Definitions(
    assets=[customer_health_scores, crm_health_scores],
    resources={"census": census},
)
# end_definitions
