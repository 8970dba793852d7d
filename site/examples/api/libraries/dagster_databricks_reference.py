import dagster as dg
from dagster_databricks import DatabricksClientResource, create_databricks_run_now_op

# Host and token are read from the environment when a run starts.
databricks = DatabricksClientResource(
    host=dg.EnvVar("DATABRICKS_HOST"),
    token=dg.EnvVar("DATABRICKS_TOKEN"),
)


# An asset that triggers an existing Databricks job and waits for it to finish.
@dg.asset
def sales_report(
    context: dg.AssetExecutionContext, databricks: DatabricksClientResource
) -> dg.MaterializeResult:
    client = databricks.get_client()
    run = client.workspace_client.jobs.run_now(job_id=5678, job_parameters={"env": "prod"})
    run_id = run.bind()["run_id"]
    # Raises DatabricksError if the run fails or takes longer than an hour.
    client.wait_for_run_to_complete(
        logger=context.log,
        databricks_run_id=run_id,
        poll_interval_sec=30,
        max_wait_time_sec=3600,
    )
    return dg.MaterializeResult(metadata={"databricks_run_id": run_id})


# The same for op-based jobs: an op that runs job 1234 with the resource under "databricks".
run_nightly_etl = create_databricks_run_now_op(
    databricks_job_id=1234,
    name="run_nightly_etl",
    poll_interval_seconds=30,
)


@dg.job
def nightly_etl():
    run_nightly_etl()


defs = dg.Definitions(
    assets=[sales_report],
    jobs=[nightly_etl],
    resources={"databricks": databricks},
)
