# docs-example: no-import
# Loading this file lists the connectors of a real Fivetran account over the
# network; tests/test_api_lib_g2.py loads it against a fake account.
# start_example
import dagster as dg
from dagster_fivetran import (
    DagsterFivetranTranslator,
    FivetranConnectorTableProps,
    FivetranSyncConfig,
    FivetranWorkspace,
    fivetran_assets,
)

# start_workspace
fivetran_workspace = FivetranWorkspace(
    account_id=dg.EnvVar("FIVETRAN_ACCOUNT_ID"),
    api_key=dg.EnvVar("FIVETRAN_API_KEY"),
    api_secret=dg.EnvVar("FIVETRAN_API_SECRET"),
)
# end_workspace


# start_translator
class IngestTranslator(DagsterFivetranTranslator):
    def get_asset_spec(self, props: FivetranConnectorTableProps) -> dg.AssetSpec:
        spec = super().get_asset_spec(props)
        # ["salesforce", "account"] -> ["fivetran", "salesforce", "account"]
        return spec.replace_attributes(key=spec.key.with_prefix("fivetran"), group_name="ingest")
# end_translator


# start_assets
@fivetran_assets(
    connector_id="salesforce_connector",
    workspace=fivetran_workspace,
    name="salesforce_sync",
    dagster_fivetran_translator=IngestTranslator(),
)
def salesforce_tables(
    context: dg.AssetExecutionContext,
    fivetran: FivetranWorkspace,
    config: FivetranSyncConfig,
):
    # A normal incremental sync unless the run's config asks for a resync.
    yield from fivetran.sync_and_poll(context=context, config=config)
# end_assets


# start_resync_job
# Launch this job to reload the `account` table from scratch.
resync_accounts = dg.define_asset_job(
    "resync_salesforce_accounts",
    selection=[salesforce_tables],
    config=dg.RunConfig(
        ops={
            "salesforce_sync": FivetranSyncConfig(
                resync=True, resync_parameters={"salesforce": ["account"]}
            )
        }
    ),
)
# end_resync_job

defs = dg.Definitions(
    assets=[salesforce_tables],
    jobs=[resync_accounts],
    resources={"fivetran": fivetran_workspace},
)
# end_example
