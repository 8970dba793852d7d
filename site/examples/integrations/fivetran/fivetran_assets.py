# docs-example: no-import
# Loading this file lists the connectors of a real Fivetran account over the
# network; tests/test_integrations_a.py loads it against a fake account.
import dagster as dg
from dagster_fivetran import (
    DagsterFivetranTranslator,
    FivetranConnectorTableProps,
    FivetranWorkspace,
    build_fivetran_assets_definitions,
    build_fivetran_polling_sensor,
    fivetran_assets,
)

# start_workspace
fivetran_workspace = FivetranWorkspace(
    account_id="cobbled_heron",  # not a secret; the polling sensor needs it as text
    api_key=dg.EnvVar("FIVETRAN_API_KEY"),
    api_secret=dg.EnvVar("FIVETRAN_API_SECRET"),
)
# end_workspace


# start_all_connectors
class RawPrefixTranslator(DagsterFivetranTranslator):
    """Put every Fivetran table under a raw key prefix."""

    def get_asset_spec(self, props: FivetranConnectorTableProps) -> dg.AssetSpec:
        spec = super().get_asset_spec(props)
        return spec.replace_attributes(key=spec.key.with_prefix("raw"))


all_fivetran_assets = build_fivetran_assets_definitions(
    workspace=fivetran_workspace,
    dagster_fivetran_translator=RawPrefixTranslator(),
    connector_selector_fn=lambda connector: not connector.name.startswith("test_"),
)
# end_all_connectors


# start_one_connector
@fivetran_assets(
    connector_id="salesforce_connector_id",
    workspace=fivetran_workspace,
    name="salesforce_sync",
)
def salesforce_tables(context: dg.AssetExecutionContext, fivetran: FivetranWorkspace):
    yield from fivetran.sync_and_poll(context=context)


# end_one_connector


# start_sensor
fivetran_sync_sensor = build_fivetran_polling_sensor(
    workspace=fivetran_workspace, minimum_interval_seconds=300
)
# end_sensor

# start_definitions
defs = dg.Definitions(
    assets=[*all_fivetran_assets],
    sensors=[fivetran_sync_sensor],
    resources={"fivetran": fivetran_workspace},
)
# end_definitions
