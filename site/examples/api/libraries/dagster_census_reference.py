import dagster as dg
from dagster_census import CensusResource

# start_assets
# The warehouse table the sync reads, built elsewhere.
crm_contacts = dg.AssetSpec("crm_contacts", description="Contacts modeled for the CRM.")


@dg.asset(deps=[crm_contacts], kinds={"census"})
def contacts_to_salesforce(census: CensusResource) -> dg.MaterializeResult:
    output = census.trigger_sync_and_poll(sync_id=42, poll_interval=30)
    run = output.sync_run
    # trigger_sync_and_poll returns when the run ends, whatever its status.
    if run["status"] != "completed":
        raise dg.Failure(f"Census sync run {run['id']} ended as {run['status']}")
    return dg.MaterializeResult(
        metadata={
            "records_updated": run.get("records_updated", 0),
            "destination": output.destination.get("name", ""),
        }
    )
# end_assets


defs = dg.Definitions(
    assets=[crm_contacts, contacts_to_salesforce],
    resources={"census": CensusResource(api_key=dg.EnvVar("CENSUS_API_KEY"))},
)
