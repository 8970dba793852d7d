# docs-example: no-import
# Loading this file lists the connections of a real Airbyte server over the
# network; tests/test_integrations_core.py loads it against a fake workspace.
# start_imports
import dagster as dg
from dagster_airbyte import AirbyteWorkspace, airbyte_assets
# end_imports

# start_workspace
airbyte_workspace = AirbyteWorkspace(
    rest_api_base_url="http://localhost:8000/api/public/v1",
    configuration_api_base_url="http://localhost:8000/api/v1",
    workspace_id=dg.EnvVar("AIRBYTE_WORKSPACE_ID"),
    client_id=dg.EnvVar("AIRBYTE_CLIENT_ID"),
    client_secret=dg.EnvVar("AIRBYTE_CLIENT_SECRET"),
)
# end_workspace


# start_decorator
@airbyte_assets(
    connection_id="7f3c1d2e-5b6a-4c8d-9e0f-1a2b3c4d5e6f",
    workspace=airbyte_workspace,
    name="postgres_to_warehouse",
    group_name="ingestion",
)
def postgres_to_warehouse(context: dg.AssetExecutionContext, airbyte: AirbyteWorkspace):
    context.log.info("Starting the Airbyte sync")
    yield from airbyte.sync_and_poll(context=context)


# end_decorator


# start_downstream
@dg.asset(deps=["orders", "customers"], group_name="analytics")
def orders_per_customer(context: dg.AssetExecutionContext) -> None:
    context.log.info("Building the report from the freshly synced tables")


# end_downstream

# start_definitions
defs = dg.Definitions(
    assets=[postgres_to_warehouse, orders_per_customer],
    resources={"airbyte": airbyte_workspace},
)
# end_definitions
