from pathlib import Path

import dagster as dg
from dagstermill import ConfigurableLocalOutputNotebookIOManager, define_dagstermill_asset

NOTEBOOK = Path(__file__).parent / "dagstermill_report.ipynb"


@dg.asset
def orders() -> list[float]:
    return [19.99, 5.0, 120.0, 42.5]


# The notebook receives `orders` as a variable in a cell Dagster injects, and
# the executed copy of the notebook is stored as the asset's value.
order_report = define_dagstermill_asset(
    name="order_report",
    notebook_path=str(NOTEBOOK),
    ins={"orders": dg.AssetIn("orders")},
    group_name="reports",
    save_notebook_on_failure=True,
)

defs = dg.Definitions(
    assets=[orders, order_report],
    resources={
        "output_notebook_io_manager": ConfigurableLocalOutputNotebookIOManager(
            base_dir="executed_notebooks"
        )
    },
)
