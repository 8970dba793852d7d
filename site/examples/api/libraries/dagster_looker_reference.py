from pathlib import Path

import dagster as dg
from dagster_looker import (
    DagsterLookerLkmlTranslator,
    LookerResource,
    RequestStartPdtBuild,
    build_looker_asset_specs,
    build_looker_pdt_assets_definitions,
)

LOOKML_PROJECT = Path(__file__).parent / "looker_project"


# start_lkml
class TeamLookerTranslator(DagsterLookerLkmlTranslator):
    def get_asset_spec(self, lookml_structure) -> dg.AssetSpec:
        spec = super().get_asset_spec(lookml_structure)
        return spec.replace_attributes(group_name="looker")


# Read dashboards, explores and views from the LookML files; no Looker API call.
lookml_specs = build_looker_asset_specs(
    project_dir=LOOKML_PROJECT,
    dagster_looker_translator=TeamLookerTranslator(),
)

# The warehouse table that the orders view reads (sql_table_name: analytics.orders).
warehouse_orders = dg.AssetSpec(["analytics", "orders"])
# end_lkml

# start_pdt
looker = LookerResource(
    base_url="https://example.cloud.looker.com",
    client_id=dg.EnvVar("LOOKER_CLIENT_ID"),
    client_secret=dg.EnvVar("LOOKER_CLIENT_SECRET"),
)

# One executable asset per persistent derived table to rebuild.
pdt_assets = build_looker_pdt_assets_definitions(
    resource_key="looker",
    request_start_pdt_builds=[
        RequestStartPdtBuild(model_name="shop", view_name="daily_orders_pdt")
    ],
)
# end_pdt

defs = dg.Definitions(
    assets=[warehouse_orders, *lookml_specs, *pdt_assets],
    resources={"looker": looker},
)
