from collections.abc import Mapping
from typing import Any

import dagster as dg
from dagster_sling import (
    DagsterSlingTranslator,
    SlingConnectionResource,
    SlingMode,
    SlingResource,
    sling_assets,
)

# start_resource
sling = SlingResource(
    connections=[
        # The names are the `source` and `target` of the replication below.
        SlingConnectionResource(
            name="APP_DB",
            type="postgres",
            connection_string=dg.EnvVar("APP_DB_URL"),
        ),
        SlingConnectionResource(
            name="LAKE",
            type="duckdb",
            instance=dg.EnvVar("LAKE_DUCKDB_PATH"),  # a Sling property of duckdb connections
        ),
    ]
)
# end_resource

# start_replication
replication = {
    "source": "APP_DB",
    "target": "LAKE",
    "defaults": {"mode": SlingMode.FULL_REFRESH.value, "object": "raw.{stream_table}"},
    "streams": {
        "public.customers": None,
        "public.orders": {
            "mode": SlingMode.INCREMENTAL.value,
            "primary_key": ["id"],
            "update_key": "updated_at",
        },
        "public.audit_log": {"disabled": True},  # no asset for disabled streams
    },
}
# end_replication


# start_translator
class LakeTranslator(DagsterSlingTranslator):
    def get_asset_spec(self, stream_definition: Mapping[str, Any]) -> dg.AssetSpec:
        spec = super().get_asset_spec(stream_definition)
        # target/public/orders -> lake/raw/orders, in the "lake" group
        table = spec.key.path[-1]
        return spec.replace_attributes(key=["lake", "raw", table], group_name="lake")
# end_translator


# start_assets
@sling_assets(replication_config=replication, dagster_sling_translator=LakeTranslator())
def app_db_to_lake(context: dg.AssetExecutionContext, sling: SlingResource):
    # Runs only the streams selected for this run, then adds row counts.
    yield from sling.replicate(context=context).fetch_row_count()
# end_assets


# The source tables, which each stream depends on by default.
app_db_tables = [
    dg.AssetSpec(["public", "customers"], group_name="app_db"),
    dg.AssetSpec(["public", "orders"], group_name="app_db"),
]


@dg.asset(deps=[dg.AssetKey(["lake", "raw", "orders"])])
def daily_revenue() -> None:
    """A downstream asset that reads the replicated orders table."""


defs = dg.Definitions(
    assets=[*app_db_tables, app_db_to_lake, daily_revenue],
    resources={"sling": sling},
)
