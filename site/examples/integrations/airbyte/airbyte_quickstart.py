# docs-example: no-import
# Building these definitions lists the connections of a real Airbyte Cloud workspace
# over the network; tests/test_integrations_core.py builds them against a fake one.
import dagster as dg
from dagster_airbyte import AirbyteCloudWorkspace, build_airbyte_assets_definitions


def cloud_workspace_from_env() -> AirbyteCloudWorkspace:
    """Your Airbyte Cloud workspace, signed in with an application's credentials."""
    return AirbyteCloudWorkspace(
        workspace_id=dg.EnvVar("ETL_AIRBYTE_WORKSPACE"),
        client_id=dg.EnvVar("ETL_AIRBYTE_APP_ID"),
        client_secret=dg.EnvVar("ETL_AIRBYTE_APP_SECRET"),
    )


@dg.definitions
def defs() -> dg.Definitions:
    cloud = cloud_workspace_from_env()
    # This call asks Airbyte for the workspace's connections. Each connection
    # becomes one multi-asset, named after it with an airbyte_ prefix, that
    # holds one asset per stream the connection syncs.
    synced_tables = build_airbyte_assets_definitions(workspace=cloud)
    # The generated assets look the workspace up under the "airbyte" key.
    return dg.Definitions(assets=synced_tables, resources={"airbyte": cloud})
