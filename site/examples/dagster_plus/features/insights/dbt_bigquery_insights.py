# docs-example: no-import
# Needs a compiled dbt project (target/manifest.json) at import time.
from pathlib import Path

import dagster as dg
from dagster_cloud.dagster_insights import dbt_with_bigquery_insights
from dagster_dbt import DbtCliResource, DbtProject, dbt_assets

jaffle_shop = DbtProject(project_dir=Path(__file__).parent / "jaffle_shop")


# start_dbt_assets
@dbt_assets(manifest=jaffle_shop.manifest_path)
def jaffle_shop_models(context: dg.AssetExecutionContext, dbt: DbtCliResource):
    # Run dbt as usual, then let the wrapper match each model's BigQuery jobs
    # to the asset it materialized.
    dbt_build = dbt.cli(["build"], context=context)
    yield from dbt_with_bigquery_insights(context, dbt_build)


# end_dbt_assets

defs = dg.Definitions(
    assets=[jaffle_shop_models],
    resources={"dbt": DbtCliResource(project_dir=jaffle_shop)},
)
