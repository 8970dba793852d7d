import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import dagster as dg
import duckdb
from dagster_dbt import (
    DagsterDbtTranslator,
    DbtCliResource,
    DbtProject,
    build_schedule_from_dbt_selection,
    dbt_assets,
    get_asset_key_for_model,
    get_asset_key_for_source,
    group_from_dbt_resource_props_fallback_to_directory,
)

# start_project
shop_project = DbtProject(project_dir=Path(__file__).parent / "dbt_reference_project")
# Under `dagster dev`, rebuild the manifest on every load.
shop_project.prepare_if_dev()

# Elsewhere (tests, a fresh checkout) build it once if it is missing;
# deployments build it ahead of time with `dagster-dbt project prepare-and-package`.
if not shop_project.manifest_path.exists():
    DbtCliResource(project_dir=shop_project).cli(
        ["parse", "--quiet"], target_path=shop_project.target_path
    ).wait()

# dbt (through profiles.yml) and the Python assets share this DuckDB file.
DUCKDB_PATH = os.getenv("SHOP_DUCKDB_PATH", "shop.duckdb")
# end_project


# start_translator
class ShopTranslator(DagsterDbtTranslator):
    def get_asset_key(self, dbt_resource_props: Mapping[str, Any]) -> dg.AssetKey:
        # Models get a "dbt" prefix; sources keep the default key.
        key = super().get_asset_key(dbt_resource_props)
        if dbt_resource_props["resource_type"] == "source":
            return key
        return key.with_prefix("dbt")

    def get_group_name(self, dbt_resource_props: Mapping[str, Any]) -> str | None:
        # models/staging/... -> "staging", models/marts/... -> "marts"
        return group_from_dbt_resource_props_fallback_to_directory(dbt_resource_props)
# end_translator


# start_dbt_assets
@dbt_assets(
    manifest=shop_project.manifest_path,
    project=shop_project,
    dagster_dbt_translator=ShopTranslator(),
)
def shop_dbt_models(context: dg.AssetExecutionContext, dbt: DbtCliResource):
    # `build` runs the models and their tests; passing the context limits
    # dbt to the models selected for this run.
    yield from dbt.cli(["build"], context=context).stream()
# end_dbt_assets


# start_python_assets
# The Python asset that loads the dbt source `raw.orders`.
@dg.asset(key=get_asset_key_for_source([shop_dbt_models], "raw"))
def raw_orders() -> None:
    with duckdb.connect(DUCKDB_PATH) as conn:
        conn.execute(
            "create or replace table main.orders as "
            "select * from (values (1, 20.0), (2, 35.5), (3, 12.25)) as t(id, amount)"
        )


# A Python asset downstream of the `order_totals` model.
@dg.asset(deps=[get_asset_key_for_model([shop_dbt_models], "order_totals")])
def order_report(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
    with duckdb.connect(DUCKDB_PATH, read_only=True) as conn:
        count, total = conn.execute(
            "select order_count, total_amount from main.order_totals"
        ).fetchone()
    context.log.info(f"{count} orders, {total} in total")
    return dg.MaterializeResult(
        metadata={"order_count": int(count), "total_amount": float(total)}
    )
# end_python_assets


# start_schedule
# Rebuild the marts models every morning, with a job of their own.
marts_schedule = build_schedule_from_dbt_selection(
    [shop_dbt_models],
    job_name="refresh_marts",
    cron_schedule="0 6 * * *",
    dbt_select="path:models/marts",
)
# end_schedule

defs = dg.Definitions(
    assets=[raw_orders, shop_dbt_models, order_report],
    schedules=[marts_schedule],
    resources={"dbt": DbtCliResource(project_dir=shop_project)},
)
