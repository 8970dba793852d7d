import csv
from pathlib import Path

import dagster as dg


# start_component
class CsvTable(dg.Component, dg.Model, dg.Resolvable):
    """Publishes a CSV file as an asset, with a check for each required column.

    The file path is relative to the folder of the defs.yaml that uses it.
    """

    asset_key: str
    path: str
    required_columns: list[str] = []
    group_name: str | None = None
    description: str | None = None

    def build_defs(self, context: dg.ComponentLoadContext) -> dg.Definitions:
        csv_path = context.path / self.path
        key = dg.AssetKey.from_user_string(self.asset_key)

        @dg.asset(
            key=key,
            group_name=self.group_name,
            description=self.description,
            kinds={"csv"},
        )
        def csv_asset() -> dg.MaterializeResult:
            rows = read_rows(csv_path)
            return dg.MaterializeResult(
                metadata={"row_count": len(rows), "path": dg.MetadataValue.path(str(csv_path))}
            )

        checks = [column_check(key, csv_path, column) for column in self.required_columns]
        return dg.Definitions(assets=[csv_asset], asset_checks=checks)


# end_component


# start_helpers
def read_rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def column_check(key: dg.AssetKey, path: Path, column: str) -> dg.AssetChecksDefinition:
    @dg.asset_check(asset=key, name=f"{column}_present")
    def check_column() -> dg.AssetCheckResult:
        rows = read_rows(path)
        missing = sum(1 for row in rows if not row.get(column))
        return dg.AssetCheckResult(passed=missing == 0, metadata={"empty_values": missing})

    return check_column


# end_helpers
