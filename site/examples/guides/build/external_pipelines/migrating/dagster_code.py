import dagster as dg
from dagster_databricks import PipesDatabricksClient
from databricks.sdk import WorkspaceClient
from databricks.sdk.service import jobs

# The upstream table, written by another system.
raw_orders = dg.AssetSpec("raw_orders", description="The main.sales.raw_orders table")


@dg.resource
def pipes_databricks(_init_context) -> PipesDatabricksClient:
    return PipesDatabricksClient(client=WorkspaceClient())


@dg.asset(deps=[raw_orders])
def order_totals(
    context: dg.AssetExecutionContext,
    pipes_databricks: PipesDatabricksClient,
) -> dg.MaterializeResult:
    task = jobs.SubmitTask.from_dict(
        {
            "task_key": "order-totals",
            # What the step launcher's run_config.cluster used to describe.
            "new_cluster": {
                "spark_version": "15.4.x-scala2.12",
                "node_type_id": "i3.xlarge",
                "num_workers": 2,
            },
            # Only dagster-pipes, not dagster and your project's code.
            "libraries": [{"pypi": {"package": "dagster-pipes"}}],
            "spark_python_task": {"python_file": "dbfs:/scripts/order_totals.py"},
        }
    )
    return pipes_databricks.run(
        task=task,
        context=context,
        # Replaces the input and output DataFrames: the script reads and
        # writes the tables itself.
        extras={
            "source_table": "main.sales.raw_orders",
            "target_table": "main.sales.order_totals",
        },
    ).get_materialize_result()


defs = dg.Definitions(
    assets=[raw_orders, order_totals],
    resources={"pipes_databricks": pipes_databricks},
)
