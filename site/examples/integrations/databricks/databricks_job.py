from datetime import timedelta

import dagster as dg
from dagster_databricks import DatabricksClientResource
from databricks.sdk.service.jobs import RunResultState

# start_resource
databricks = DatabricksClientResource(
    host=dg.EnvVar("DATABRICKS_HOST"),
    token=dg.EnvVar("DATABRICKS_TOKEN"),
)
# end_resource


# start_asset
class DatabricksJobConfig(dg.Config):
    job_id: int = 912345678901234
    timeout_minutes: int = 60


@dg.asset(kinds={"databricks"})
def customer_features(
    context: dg.AssetExecutionContext,
    config: DatabricksJobConfig,
    databricks: DatabricksClientResource,
) -> dg.MaterializeResult:
    workspace = databricks.get_client().workspace_client
    # Trigger the job defined in Databricks and block until it terminates.
    run = workspace.jobs.run_now(
        job_id=config.job_id,
        job_parameters={"dagster_run_id": context.run.run_id},
    ).result(timeout=timedelta(minutes=config.timeout_minutes))

    # A run that terminates with a failed task still returns here: check its result.
    if run.state.result_state != RunResultState.SUCCESS:
        raise dg.Failure(
            f"Databricks run {run.run_id} ended with {run.state.result_state}",
            metadata={"run_page": dg.MetadataValue.url(run.run_page_url)},
        )
    return dg.MaterializeResult(
        metadata={
            "databricks_run_id": run.run_id,
            "run_page": dg.MetadataValue.url(run.run_page_url),
        }
    )


# end_asset

# start_definitions
defs = dg.Definitions(assets=[customer_features], resources={"databricks": databricks})
# end_definitions
