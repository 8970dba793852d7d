# docs-example: no-import
# Loading this file scans a real Power BI workspace; tests/test_integrations_b.py
# loads it against a fake workspace.
import dagster as dg
from dagster_powerbi import (
    PowerBIServicePrincipal,
    PowerBIWorkspace,
    build_semantic_model_refresh_asset_definition,
    load_powerbi_asset_specs,
)

# start_resource
powerbi = PowerBIWorkspace(
    credentials=PowerBIServicePrincipal(
        client_id=dg.EnvVar("POWER_BI_CLIENT_ID"),
        client_secret=dg.EnvVar("POWER_BI_CLIENT_SECRET"),
        tenant_id=dg.EnvVar("POWER_BI_TENANT_ID"),
    ),
    workspace_id=dg.EnvVar("POWER_BI_WORKSPACE_ID"),
)
# end_resource

# start_specs
powerbi_specs = load_powerbi_asset_specs(powerbi)
# end_specs

# start_refresh
# Semantic models become assets that refresh the model when materialized;
# reports and dashboards stay as specs that show the lineage.
powerbi_assets = [
    build_semantic_model_refresh_asset_definition(resource_key="powerbi", spec=spec)
    if spec.tags.get("dagster-powerbi/asset_type") == "semantic_model"
    else spec
    for spec in powerbi_specs
]
# end_refresh

# start_definitions
defs = dg.Definitions(assets=powerbi_assets, resources={"powerbi": powerbi})
# end_definitions
