from collections.abc import Mapping
from typing import Any

import dagster as dg
from dagster_dbt import (
    DagsterDbtTranslator,
    DagsterDbtTranslatorSettings,
    DbtCliResource,
    DbtProject,
    dbt_assets,
    get_asset_key_for_model,
    get_asset_key_for_source,
)
from dagster_duckdb import DuckDBResource
from jaffle_dagster.project import DUCKDB_PATH, jaffle_project


# start_translator
class JaffleTranslator(DagsterDbtTranslator):
    def get_asset_spec(
        self, manifest: Mapping[str, Any], unique_id: str, project: DbtProject | None
    ) -> dg.AssetSpec:
        spec = super().get_asset_spec(manifest, unique_id, project)
        props = self.get_resource_props(manifest, unique_id)
        if props["resource_type"] == "source":
            # Keep the default key of sources: upstream assets use it.
            return spec

        # fqn is [project, folder..., name]: group models by their folder.
        folder = props["fqn"][1] if len(props["fqn"]) > 2 else "seeds"
        spec = spec.replace_attributes(
            key=spec.key.with_prefix("warehouse"),
            group_name=f"dbt_{folder}",
            owners=["team:analytics"],
        )
        if folder == "marts":
            # Rebuild a mart as soon as anything it depends on changes.
            spec = spec.replace_attributes(automation_condition=dg.AutomationCondition.eager())
        return spec.merge_attributes(tags={"layer": folder})
# end_translator


# start_dbt_assets
jaffle_translator = JaffleTranslator(
    settings=DagsterDbtTranslatorSettings(enable_code_references=True)
)


@dbt_assets(
    manifest=jaffle_project.manifest_path,
    project=jaffle_project,
    dagster_dbt_translator=jaffle_translator,
)
def jaffle_dbt_assets(context: dg.AssetExecutionContext, dbt: DbtCliResource):
    yield from dbt.cli(["build"], context=context).stream()
# end_dbt_assets


# start_lookup_keys
# Ask the dbt assets for keys instead of spelling them out: they follow the
# translator, here `jaffle_shop/raw_orders` and `warehouse/customers`.
@dg.asset(key=get_asset_key_for_source([jaffle_dbt_assets], "jaffle_shop"))
def raw_orders(duckdb: DuckDBResource) -> None:
    with duckdb.get_connection() as conn:
        conn.execute("create schema if not exists raw")
        conn.execute(
            """
            create or replace table raw.raw_orders as
            select * from (values
                (201, 1, date '2024-04-01', 'completed', 12.0),
                (202, 2, date '2024-04-02', 'placed', 30.0)
            ) as t(order_id, customer_id, order_date, status, amount)
            """
        )


@dg.asset(deps=[get_asset_key_for_model([jaffle_dbt_assets], "customers")])
def customer_count(duckdb: DuckDBResource) -> dg.MaterializeResult:
    with duckdb.get_connection() as conn:
        (count,) = conn.execute("select count(*) from customers").fetchone()
    return dg.MaterializeResult(metadata={"customers": count})
# end_lookup_keys


defs = dg.Definitions(
    assets=[raw_orders, jaffle_dbt_assets, customer_count],
    resources={
        "dbt": DbtCliResource(project_dir=jaffle_project),
        "duckdb": DuckDBResource(database=DUCKDB_PATH),
    },
)
