# docs-example: no-import
# Loading this file lists the connections of a real Airbyte workspace over the
# network; tests/test_api_lib_g2.py loads it against a fake workspace.
# start_example
import dagster as dg
from dagster_airbyte import (
    AirbyteConnectionTableProps,
    AirbyteWorkspace,
    DagsterAirbyteTranslator,
    build_airbyte_assets_definitions,
)

# start_workspace
# A self-managed Airbyte server (1.6 or later) with OAuth client credentials.
airbyte_workspace = AirbyteWorkspace(
    rest_api_base_url="http://localhost:8000/api/public/v1",
    configuration_api_base_url="http://localhost:8000/api/v1",
    workspace_id=dg.EnvVar("AIRBYTE_WORKSPACE_ID"),
    client_id=dg.EnvVar("AIRBYTE_CLIENT_ID"),
    client_secret=dg.EnvVar("AIRBYTE_CLIENT_SECRET"),
    poll_interval=30,
)
# end_workspace


# start_translator
class RawTranslator(DagsterAirbyteTranslator):
    def get_asset_spec(self, props: AirbyteConnectionTableProps) -> dg.AssetSpec:
        spec = super().get_asset_spec(props)
        # "orders" -> "raw/orders", grouped by connection
        return spec.replace_attributes(
            key=spec.key.with_prefix("raw"),
            group_name=props.connection_name.lower().replace(" ", "_"),
        )
# end_translator


# start_assets
# One assets definition per connection, leaving out sandbox connections.
airbyte_assets = build_airbyte_assets_definitions(
    workspace=airbyte_workspace,
    dagster_airbyte_translator=RawTranslator(),
    connection_selector_fn=lambda connection: not connection.name.startswith("sandbox"),
)


@dg.asset(deps=[dg.AssetKey(["raw", "orders"])])
def order_summary() -> None:
    """Summarizes the orders table that Airbyte loads."""
# end_assets

defs = dg.Definitions(
    assets=[*airbyte_assets, order_summary],
    resources={"airbyte": airbyte_workspace},
)
# end_example
