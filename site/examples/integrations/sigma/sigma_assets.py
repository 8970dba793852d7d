# docs-example: no-import
# Loading this file reads the workbooks of a real Sigma organization;
# tests/test_integrations_b.py loads it against a fake organization.
import dagster as dg
from dagster_sigma import (
    SigmaBaseUrl,
    SigmaFilter,
    SigmaOrganization,
    build_materialize_workbook_assets_definition,
    load_sigma_asset_specs,
)

# start_resource
sigma = SigmaOrganization(
    base_url=SigmaBaseUrl.AWS_US.value,
    client_id=dg.EnvVar("SIGMA_CLIENT_ID"),
    client_secret=dg.EnvVar("SIGMA_CLIENT_SECRET"),
)
# end_resource

# start_specs
sigma_specs = load_sigma_asset_specs(
    organization=sigma,
    sigma_filter=SigmaFilter(workbook_folders=[["Shared", "Finance"]]),
)
# end_specs

# start_materialize
# Workbooks become assets that run their materialization schedules;
# datasets stay as specs that show the lineage.
sigma_assets = [
    build_materialize_workbook_assets_definition(resource_key="sigma", spec=spec)
    if "workbook" in spec.kinds
    else spec
    for spec in sigma_specs
]
# end_materialize

# start_definitions
defs = dg.Definitions(assets=sigma_assets, resources={"sigma": sigma})
# end_definitions
