from pathlib import Path

import dagster as dg
import dagstermill
import pandas as pd

NOTEBOOK = Path(__file__).parent / "iris_summary.ipynb"


# start_upstream
@dg.asset
def iris_measurements() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "species": ["setosa", "setosa", "versicolor", "virginica"],
            "petal_length": [1.4, 1.5, 4.5, 5.8],
        }
    )


# end_upstream

# start_notebook_asset
iris_summary = dagstermill.define_dagstermill_asset(
    name="iris_summary",
    notebook_path=str(NOTEBOOK),
    ins={"iris": dg.AssetIn("iris_measurements")},
    config_schema={"min_petal_length": dg.Field(float, default_value=1.0)},
    description="Petal length per species, computed in a Jupyter notebook.",
    save_notebook_on_failure=True,
)
# end_notebook_asset

# start_definitions
defs = dg.Definitions(
    assets=[iris_measurements, iris_summary],
    resources={"output_notebook_io_manager": dagstermill.ConfigurableLocalOutputNotebookIOManager()},
)
# end_definitions
