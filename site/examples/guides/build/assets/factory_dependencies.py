"""Declaring dependencies between assets that come out of factories."""

from pathlib import Path

import yaml
from pydantic import BaseModel

import dagster as dg
from dagster_duckdb import DuckDBResource

SCHEMA = "warehouse"


# start_factory_with_deps
def build_warehouse_table(
    name: str, sql: str, deps: list[str] | None = None
) -> dg.AssetsDefinition:
    @dg.asset(
        key=[SCHEMA, name],
        # Upstream tables are named in config, so turn each name into the same key shape.
        deps=[dg.AssetKey([SCHEMA, dep]) for dep in deps or []],
        group_name=SCHEMA,
        kinds={"duckdb"},
    )
    def _table(duckdb: DuckDBResource) -> dg.MaterializeResult:
        with duckdb.get_connection() as conn:
            conn.execute(f"create schema if not exists {SCHEMA}")
            conn.execute(f"create or replace table {SCHEMA}.{name} as {sql}")
            row_count = conn.execute(f"select count(*) from {SCHEMA}.{name}").fetchone()[0]
        return dg.MaterializeResult(metadata={"dagster/row_count": row_count})

    return _table


# end_factory_with_deps


# start_load_yaml
class TableConfig(BaseModel):
    name: str
    sql: str
    deps: list[str] = []


class WarehouseConfig(BaseModel):
    tables: list[TableConfig]


def load_warehouse(config_path: Path) -> list[dg.AssetsDefinition]:
    config = WarehouseConfig.model_validate(yaml.safe_load(config_path.read_text()))
    known = {table.name for table in config.tables}
    for table in config.tables:
        missing = set(table.deps) - known
        if missing:
            raise ValueError(f"{table.name} depends on unknown tables: {sorted(missing)}")
    return [
        build_warehouse_table(table.name, table.sql, table.deps) for table in config.tables
    ]


warehouse_assets = load_warehouse(Path(__file__).parent / "factory_dependencies.yaml")
# end_load_yaml


# start_downstream_of_factory
@dg.asset(deps=[dg.AssetKey([SCHEMA, "sales_by_region"])], kinds={"duckdb"})
def regional_report(duckdb: DuckDBResource) -> dg.MaterializeResult:
    with duckdb.get_connection() as conn:
        rows = conn.execute(
            f"select region, total from {SCHEMA}.sales_by_region order by region"
        ).fetchall()
    summary = ", ".join(f"{region}: {total:.0f}" for region, total in rows)
    return dg.MaterializeResult(metadata={"summary": summary})


# end_downstream_of_factory


# start_pair_factory
def build_ingest_pair(source: str) -> list[dg.AssetsDefinition]:
    """Build a landing asset and a cleaned asset for one source system."""

    @dg.asset(key=["landing", source], group_name="ingest")
    def landing() -> list[dict]:
        return [{"source": source, "value": " 42 "}, {"source": source, "value": "7"}]

    # Passing the landing asset itself as an input ties the two together.
    @dg.asset(
        key=["clean", source],
        group_name="ingest",
        ins={"rows": dg.AssetIn(key=landing.key)},
    )
    def clean(rows: list[dict]) -> list[int]:
        return [int(row["value"].strip()) for row in rows]

    return [landing, clean]


ingest_assets = [
    asset for source in ["erp", "web"] for asset in build_ingest_pair(source)
]
# end_pair_factory


# start_definitions
defs = dg.Definitions(
    assets=[*warehouse_assets, regional_report, *ingest_assets],
    resources={"duckdb": DuckDBResource(database="company.duckdb")},
)
# end_definitions
