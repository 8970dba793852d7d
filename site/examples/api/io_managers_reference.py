import json
import os

import dagster as dg


class JsonFileIOManager(dg.ConfigurableIOManager):
    """Stores each asset as a JSON file named after its key."""

    base_dir: str

    def _path(self, context: dg.InputContext | dg.OutputContext) -> str:
        return os.path.join(self.base_dir, *context.asset_key.path) + ".json"

    def handle_output(self, context: dg.OutputContext, obj) -> None:
        path = self._path(context)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            json.dump(obj, f)
        context.add_output_metadata({"path": path})

    def load_input(self, context: dg.InputContext):
        with open(self._path(context)) as f:
            return json.load(f)


@dg.asset(io_manager_key="json_io_manager")
def daily_orders() -> list[int]:
    return [10, 20, 12]


@dg.asset(io_manager_key="json_io_manager")
def order_count(daily_orders: list[int]) -> int:
    return len(daily_orders)


@dg.asset
def pickled_summary(order_count: int) -> str:
    # Stored by the default I/O manager, which pickles values to the local filesystem.
    return f"{order_count} orders"


defs = dg.Definitions(
    assets=[daily_orders, order_count, pickled_summary],
    resources={
        "json_io_manager": JsonFileIOManager(base_dir="/tmp/dagster_json"),
        "io_manager": dg.FilesystemIOManager(base_dir="/tmp/dagster_pickles"),
    },
)
