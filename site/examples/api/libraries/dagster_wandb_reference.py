from dagster_wandb import (
    WandbArtifactConfiguration,
    run_launch_job,
    wandb_artifacts_io_manager,
    wandb_resource,
)

import dagster as dg

# start_assets
# The asset's return value is pickled into a W&B Artifact of type "dataset".
training_artifact: WandbArtifactConfiguration = {
    "type": "dataset",
    "description": "Cleaned training rows",
    "aliases": ["candidate"],
}


@dg.asset(
    io_manager_key="wandb_artifacts_manager",
    metadata={"wandb_artifact_configuration": training_artifact},
)
def training_rows() -> list[dict]:
    return [{"user": 1, "churned": False}, {"user": 2, "churned": True}]


# The input is downloaded from W&B and unpickled.
@dg.asset
def churn_rate(training_rows: list[dict]) -> float:
    return sum(row["churned"] for row in training_rows) / len(training_rows)


# end_assets


# start_launch
# Runs a W&B Launch job; its op config (uri, entry_point, queue, ...) is set per run.
@dg.job
def retrain():
    run_launch_job.alias("train_model")()


# end_launch

# start_definitions
defs = dg.Definitions(
    assets=[training_rows, churn_rate],
    jobs=[retrain],
    resources={
        # Read by the I/O manager and the Launch ops: which entity and project to use.
        "wandb_config": dg.make_values_resource(entity=str, project=str).configured(
            {"entity": "my-team", "project": "churn"}
        ),
        "wandb_resource": wandb_resource.configured({"api_key": {"env": "WANDB_API_KEY"}}),
        "wandb_artifacts_manager": wandb_artifacts_io_manager.configured(
            {"cache_duration_in_minutes": 60}
        ),
    },
)
# end_definitions
