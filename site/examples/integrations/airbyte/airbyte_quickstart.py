# docs-example: no-import
# Loading this file lists the connections of a real Airbyte Cloud workspace over
# the network; tests/test_integrations_core.py loads it against a fake workspace.
import dagster as dg
from dagster_airbyte import AirbyteCloudWorkspace, build_airbyte_assets_definitions

airbyte_workspace = AirbyteCloudWorkspace(
    workspace_id=dg.EnvVar("AIRBYTE_CLOUD_WORKSPACE_ID"),
    client_id=dg.EnvVar("AIRBYTE_CLOUD_CLIENT_ID"),
    client_secret=dg.EnvVar("AIRBYTE_CLOUD_CLIENT_SECRET"),
)

# One multi-asset per connection, one asset per synced table.
airbyte_assets = build_airbyte_assets_definitions(workspace=airbyte_workspace)

defs = dg.Definitions(
    assets=airbyte_assets,
    resources={"airbyte": airbyte_workspace},
)
