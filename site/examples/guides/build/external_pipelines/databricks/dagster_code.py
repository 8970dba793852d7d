# start_resource
import dagster as dg
from dagster_databricks import PipesDatabricksClient
from databricks.sdk import WorkspaceClient
from databricks.sdk.service import jobs


@dg.resource
def pipes_databricks(_init_context) -> PipesDatabricksClient:
    # WorkspaceClient() reads DATABRICKS_HOST and DATABRICKS_TOKEN (or another
    # auth method) from the environment when a run starts.
    return PipesDatabricksClient(client=WorkspaceClient())


# end_resource


# start_asset
@dg.asset
def databricks_order_count(
    context: dg.AssetExecutionContext,
    pipes_databricks: PipesDatabricksClient,
) -> dg.MaterializeResult:
    task = jobs.SubmitTask.from_dict(
        {
            "task_key": "count-orders",
            "new_cluster": {
                "spark_version": "15.4.x-scala2.12",
                "node_type_id": "i3.xlarge",
                "num_workers": 1,
            },
            "libraries": [{"pypi": {"package": "dagster-pipes"}}],
            "spark_python_task": {"python_file": "dbfs:/scripts/external_code.py"},
        }
    )
    return pipes_databricks.run(
        task=task,
        context=context,
        extras={"table": "main.sales.orders"},
    ).get_materialize_result()


# end_asset


# start_definitions
defs = dg.Definitions(
    assets=[databricks_order_count],
    resources={"pipes_databricks": pipes_databricks},
)
# end_definitions
