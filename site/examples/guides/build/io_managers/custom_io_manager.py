"""Custom I/O managers: a ConfigurableIOManager for JSON files and a UPathIOManager for CSV."""

import json
from pathlib import Path

import pandas as pd
from upath import UPath

import dagster as dg


# start_json_io_manager
class JsonFileIOManager(dg.ConfigurableIOManager):
    """Stores each asset as a JSON file: <base_dir>/<asset key>[/<partition>].json."""

    base_dir: str

    def _path(self, context: dg.OutputContext | dg.InputContext) -> Path:
        # Asset keys can have several parts, e.g. ["sales", "orders"].
        path = Path(self.base_dir, *context.asset_key.path)
        if context.has_asset_partitions:
            return path / f"{context.asset_partition_key}.json"
        return path.with_suffix(".json")

    def handle_output(self, context: dg.OutputContext, obj: object) -> None:
        path = self._path(context)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(obj, indent=2))
        # Metadata added here shows up on the materialization in the UI.
        context.add_output_metadata({"path": dg.MetadataValue.path(str(path))})

    def load_input(self, context: dg.InputContext) -> object:
        return json.loads(self._path(context).read_text())


# end_json_io_manager


# start_json_assets
@dg.asset(io_manager_key="json_io_manager")
def exchange_rates() -> dict[str, float]:
    return {"EUR": 1.0, "USD": 1.08, "GBP": 0.85}


@dg.asset(io_manager_key="json_io_manager")
def usd_rates(exchange_rates: dict[str, float]) -> dict[str, float]:
    usd = exchange_rates["USD"]
    return {currency: round(rate / usd, 4) for currency, rate in exchange_rates.items()}


# end_json_assets


# start_upath_io_manager
class CsvIOManager(dg.UPathIOManager):
    """Stores DataFrames as CSV files on any filesystem universal_pathlib supports."""

    extension: str = ".csv"

    def dump_to_path(self, context: dg.OutputContext, obj: pd.DataFrame, path: UPath) -> None:
        with path.open("w") as file:
            obj.to_csv(file, index=False)

    def load_from_path(self, context: dg.InputContext, path: UPath) -> pd.DataFrame:
        with path.open("r") as file:
            return pd.read_csv(file)


class CsvIOManagerFactory(dg.ConfigurableIOManagerFactory):
    """Makes CsvIOManager configurable in Definitions and in the launchpad."""

    base_path: str

    def create_io_manager(self, context: dg.InitResourceContext) -> CsvIOManager:
        return CsvIOManager(base_path=UPath(self.base_path))


# end_upath_io_manager


# start_csv_assets
daily_partitions = dg.DailyPartitionsDefinition(start_date="2024-01-01")


@dg.asset(io_manager_key="csv_io_manager", partitions_def=daily_partitions)
def daily_rates(context: dg.AssetExecutionContext) -> pd.DataFrame:
    # Each partition is written to its own file: daily_rates/2024-01-15.csv.
    return pd.DataFrame({"day": [context.partition_key] * 2, "currency": ["USD", "GBP"]})


# end_csv_assets


# start_definitions
defs = dg.Definitions(
    assets=[exchange_rates, usd_rates, daily_rates],
    resources={
        "json_io_manager": JsonFileIOManager(base_dir="data/json"),
        # A local folder here; "s3://bucket/prefix" works with the s3fs package installed.
        "csv_io_manager": CsvIOManagerFactory(base_path="data/csv"),
    },
)
# end_definitions
