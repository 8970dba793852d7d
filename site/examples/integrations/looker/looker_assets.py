# docs-example: no-import
# Loading this file lists the dashboards and explores of a real Looker instance;
# tests/test_integrations_b.py loads it against a fake instance.
import dagster as dg
from dagster_looker import (
    LookerFilter,
    LookerResource,
    RequestStartPdtBuild,
    build_looker_pdt_assets_definitions,
    load_looker_asset_specs,
)

# start_resource
looker = LookerResource(
    base_url=dg.EnvVar("LOOKER_BASE_URL"),
    client_id=dg.EnvVar("LOOKER_CLIENT_ID"),
    client_secret=dg.EnvVar("LOOKER_CLIENT_SECRET"),
)
# end_resource

# start_specs
looker_specs = load_looker_asset_specs(
    looker_resource=looker,
    looker_filter=LookerFilter(
        dashboard_folders=[["Shared", "Sales"]],
        only_fetch_explores_used_in_dashboards=True,
    ),
)
# end_specs

# start_pdts
pdt_assets = build_looker_pdt_assets_definitions(
    resource_key="looker",
    request_start_pdt_builds=[
        RequestStartPdtBuild(model_name="analytics", view_name="daily_orders"),
    ],
)
# end_pdts

# start_definitions
# A PDT asset has the key of its view (["view", "daily_orders"]); drop the
# observe-only spec of that view so that the key is defined once.
pdt_keys = {key for pdt in pdt_assets for key in pdt.keys}

defs = dg.Definitions(
    assets=[*(spec for spec in looker_specs if spec.key not in pdt_keys), *pdt_assets],
    resources={"looker": looker},
)
# end_definitions
