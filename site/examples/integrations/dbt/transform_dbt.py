import dagster as dg
from dagster_dbt import DbtCliResource, build_schedule_from_dbt_selection, dbt_assets
from dagster_duckdb import DuckDBResource
from jaffle_dagster.assets import raw_orders
from jaffle_dagster.project import DUCKDB_PATH, jaffle_project


# start_config
class DbtBuildConfig(dg.Config):
    # Rebuild incremental models and seeds from scratch.
    full_refresh: bool = False
# end_config


# start_dbt_assets
@dbt_assets(manifest=jaffle_project.manifest_path, project=jaffle_project)
def jaffle_dbt_models(
    context: dg.AssetExecutionContext, dbt: DbtCliResource, config: DbtBuildConfig
):
    args = ["build"]
    if config.full_refresh:
        args.append("--full-refresh")
    # fetch_row_counts() adds a `dagster/row_count` to each table dbt builds.
    yield from dbt.cli(args, context=context).stream().fetch_row_counts()
# end_dbt_assets


# start_schedules
# Rebuild only the marts every hour, and everything once a week from scratch.
hourly_marts_schedule = build_schedule_from_dbt_selection(
    [jaffle_dbt_models],
    job_name="refresh_marts",
    cron_schedule="0 * * * *",
    dbt_select="path:models/marts",
)

weekly_full_refresh_schedule = build_schedule_from_dbt_selection(
    [jaffle_dbt_models],
    job_name="full_refresh_all_models",
    cron_schedule="0 3 * * 0",
    dbt_select="fqn:*",
    config=dg.RunConfig(ops={"jaffle_dbt_models": DbtBuildConfig(full_refresh=True)}),
)
# end_schedules

defs = dg.Definitions(
    assets=[raw_orders, jaffle_dbt_models],
    schedules=[hourly_marts_schedule, weekly_full_refresh_schedule],
    resources={
        "dbt": DbtCliResource(project_dir=jaffle_project),
        "duckdb": DuckDBResource(database=DUCKDB_PATH),
    },
)
