# docs-example: no-import
# Loading this file reads the workbooks of a real Tableau site; tests/test_integrations_b.py
# loads it against a fake site.
import dagster as dg
from dagster_tableau import TableauCloudWorkspace, load_tableau_asset_specs, tableau_assets

# start_resource
tableau = TableauCloudWorkspace(
    connected_app_client_id=dg.EnvVar("TABLEAU_CONNECTED_APP_CLIENT_ID"),
    connected_app_secret_id=dg.EnvVar("TABLEAU_CONNECTED_APP_SECRET_ID"),
    connected_app_secret_value=dg.EnvVar("TABLEAU_CONNECTED_APP_SECRET_VALUE"),
    username=dg.EnvVar("TABLEAU_USERNAME"),
    site_name=dg.EnvVar("TABLEAU_SITE_NAME"),
    pod_name=dg.EnvVar("TABLEAU_POD_NAME"),
)
# end_resource

# start_specs
# Observe only: every data source, sheet and dashboard as an asset spec, with lineage.
tableau_specs = load_tableau_asset_specs(workspace=tableau)
# end_specs


# start_refresh
@tableau_assets(workspace=tableau, name="tableau_site", group_name="tableau")
def tableau_site(context: dg.AssetExecutionContext, tableau: TableauCloudWorkspace):
    # Refreshes the extracts of the selected data sources, then records the views.
    yield from tableau.refresh_and_poll(context=context)


# end_refresh

# start_definitions
defs = dg.Definitions(assets=[tableau_site], resources={"tableau": tableau})
# end_definitions
