# docs-example: no-import
from dagster_mlflow import end_mlflow_on_run_finished, mlflow_tracking

import dagster as dg


# start_job
@dg.op(required_resource_keys={"mlflow"})
def train_model(context: dg.OpExecutionContext) -> float:
    mlflow = context.resources.mlflow  # the mlflow module's functions, bound to this run
    mlflow.log_params({"learning_rate": 0.05, "max_depth": 6})
    rmse = 0.42
    mlflow.log_metric("rmse", rmse)
    return rmse


@dg.op(required_resource_keys={"mlflow"})
def register_model(context: dg.OpExecutionContext, rmse: float) -> None:
    context.resources.mlflow.set_tag("candidate", str(rmse < 0.5))


# The hook ends the MLflow run when the job's last op finishes.
@end_mlflow_on_run_finished
@dg.job(
    resource_defs={
        "mlflow": mlflow_tracking.configured(
            {
                "experiment_name": "churn-model",
                "mlflow_tracking_uri": "http://mlflow.internal:5000",
                "env_to_tag": ["GIT_COMMIT"],
                "extra_tags": {"team": "data-science"},
            }
        )
    }
)
def training_job():
    register_model(train_model())


# end_job

defs = dg.Definitions(jobs=[training_job])
