"""An asset factory: one function that builds many similar assets, driven by YAML."""

from pathlib import Path

import yaml
from pydantic import BaseModel

import dagster as dg
from dagster_duckdb import DuckDBResource


# start_factory
def build_table_asset(
    name: str,
    sql: str,
    group_name: str = "reference",
    description: str | None = None,
    owners: list[str] | None = None,
) -> dg.AssetsDefinition:
    """Return an asset that creates (or replaces) one DuckDB table from a query."""

    @dg.asset(
        name=name,
        group_name=group_name,
        description=description or f"Table `{name}` built from a SQL query.",
        owners=owners,
        kinds={"duckdb"},
        metadata={"sql": dg.MetadataValue.md(f"```sql\n{sql.strip()}\n```")},
    )
    def _table_asset(duckdb: DuckDBResource) -> dg.MaterializeResult:
        with duckdb.get_connection() as conn:
            conn.execute(f"create or replace table {name} as {sql}")
            row_count = conn.execute(f"select count(*) from {name}").fetchone()[0]
        return dg.MaterializeResult(metadata={"dagster/row_count": row_count})

    return _table_asset


# end_factory


# start_from_code
months = build_table_asset(
    "months", "select * from range(1, 13) as t(month_number)", group_name="calendar"
)
hours = build_table_asset(
    "hours", "select * from range(0, 24) as t(hour)", group_name="calendar"
)
# end_from_code


# start_config_model
class TableConfig(BaseModel):
    name: str
    sql: str
    group: str = "reference"
    description: str | None = None
    owners: list[str] | None = None


class FactoryConfig(BaseModel):
    tables: list[TableConfig]


# end_config_model


# start_from_yaml
def load_table_assets(config_path: Path) -> list[dg.AssetsDefinition]:
    raw = yaml.safe_load(config_path.read_text())
    config = FactoryConfig.model_validate(raw)
    return [
        build_table_asset(
            name=table.name,
            sql=table.sql,
            group_name=table.group,
            description=table.description,
            owners=table.owners,
        )
        for table in config.tables
    ]


yaml_assets = load_table_assets(Path(__file__).parent / "asset_factories.yaml")
# end_from_yaml


# start_definitions
defs = dg.Definitions(
    assets=[months, hours, *yaml_assets],
    resources={"duckdb": DuckDBResource(database="factory.duckdb")},
)
# end_definitions
