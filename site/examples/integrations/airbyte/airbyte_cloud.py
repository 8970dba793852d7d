# docs-example: no-import
# Loading this file lists the connections of a real Airbyte Cloud workspace over
# the network; tests/test_integrations_core.py loads it against a fake workspace.
# start_imports
import dagster as dg
from dagster_airbyte import (
    AirbyteCloudWorkspace,
    AirbyteConnectionTableProps,
    DagsterAirbyteTranslator,
    build_airbyte_assets_definitions,
)
# end_imports

# start_workspace
airbyte_workspace = AirbyteCloudWorkspace(
    workspace_id=dg.EnvVar("AIRBYTE_CLOUD_WORKSPACE_ID"),
    client_id=dg.EnvVar("AIRBYTE_CLOUD_CLIENT_ID"),
    client_secret=dg.EnvVar("AIRBYTE_CLOUD_CLIENT_SECRET"),
)
# end_workspace


# start_translator
class RawLayerTranslator(DagsterAirbyteTranslator):
    """Puts every Airbyte table under a `raw` key prefix, grouped by connection."""

    def get_asset_spec(self, props: AirbyteConnectionTableProps) -> dg.AssetSpec:
        spec = super().get_asset_spec(props)
        return spec.replace_attributes(
            key=spec.key.with_prefix("raw"),
            group_name=props.connection_name.replace("-", "_").replace(" ", "_").lower(),
        ).merge_attributes(tags={"layer": "raw"})


# end_translator

# start_assets
airbyte_assets = build_airbyte_assets_definitions(
    workspace=airbyte_workspace,
    dagster_airbyte_translator=RawLayerTranslator(),
    # Leave out connections that someone is still testing in the Airbyte UI.
    connection_selector_fn=lambda connection: not connection.name.startswith("test_"),
)
# end_assets

# start_schedule
airbyte_sync_job = dg.define_asset_job(
    name="airbyte_sync_job",
    selection=dg.AssetSelection.assets(*airbyte_assets),
)

airbyte_sync_schedule = dg.ScheduleDefinition(
    job=airbyte_sync_job,
    cron_schedule="0 */6 * * *",
)
# end_schedule

# start_definitions
defs = dg.Definitions(
    assets=airbyte_assets,
    jobs=[airbyte_sync_job],
    schedules=[airbyte_sync_schedule],
    resources={"airbyte": airbyte_workspace},
)
# end_definitions
