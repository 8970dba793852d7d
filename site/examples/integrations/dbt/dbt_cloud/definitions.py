# docs-example: no-import
# @dbt_cloud_assets fetches the project's manifest from dbt Cloud while this
# module is imported, so it needs a real account. tests/test_integrations_dbt.py
# imports and runs it against a fake dbt Cloud client.

import dagster as dg
from dagster_dbt import DbtCloudWorkspace, build_dbt_cloud_polling_sensor, dbt_cloud_assets
from workspace import dbt_cloud_workspace


# start_dbt_cloud_assets
@dbt_cloud_assets(workspace=dbt_cloud_workspace)
def jaffle_dbt_cloud_assets(context: dg.AssetExecutionContext, dbt_cloud: DbtCloudWorkspace):
    # Runs `dbt build` in dbt Cloud, limited to the selected models, and
    # reports each model and test back to Dagster when the run finishes.
    yield from dbt_cloud.cli(args=["build"], context=context).wait()
# end_dbt_cloud_assets


# start_polling_sensor
# Records materializations for models that dbt Cloud jobs build on their own schedule.
dbt_cloud_polling_sensor = build_dbt_cloud_polling_sensor(workspace=dbt_cloud_workspace)
# end_polling_sensor

# start_definitions
defs = dg.Definitions(
    assets=[jaffle_dbt_cloud_assets],
    sensors=[dbt_cloud_polling_sensor],
    resources={"dbt_cloud": dbt_cloud_workspace},
)
# end_definitions
