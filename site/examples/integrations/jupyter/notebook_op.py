from pathlib import Path

import dagster as dg
import dagstermill

# start_op
iris_summary_op = dagstermill.define_dagstermill_op(
    name="iris_summary_op",
    notebook_path=str(Path(__file__).parent / "iris_summary.ipynb"),
    ins={"iris": dg.In()},
    # Adds an output named "notebook", stored by the output_notebook_io_manager resource.
    output_notebook_name="notebook",
    config_schema={"min_petal_length": dg.Field(float, default_value=1.0)},
)


@dg.op
def load_iris():
    import pandas as pd

    return pd.DataFrame({"species": ["setosa", "virginica"], "petal_length": [1.4, 5.8]})


@dg.job(
    resource_defs={
        "output_notebook_io_manager": dagstermill.ConfigurableLocalOutputNotebookIOManager()
    }
)
def iris_notebook_job():
    iris_summary_op(iris=load_iris())


# end_op

defs = dg.Definitions(jobs=[iris_notebook_job])
