import dagster as dg
from dagster_wandb import wandb_artifacts_io_manager, wandb_resource

# start_resources
wandb_config = dg.make_values_resource(
    entity=dg.Field(str, default_value="my-team"),
    project=dg.Field(str, default_value="churn-model"),
)

resources = {
    "wandb_config": wandb_config.configured({}),
    "wandb_resource": wandb_resource.configured({"api_key": {"env": "WANDB_API_KEY"}}),
    "io_manager": wandb_artifacts_io_manager,
}
# end_resources


# start_assets
@dg.asset(
    name="training_rows",
    metadata={"wandb_artifact_configuration": {"type": "dataset"}},
)
def training_rows() -> list[dict]:
    # The I/O manager logs this value to W&B as an artifact of type "dataset".
    return [{"tenure": 12, "churned": False}, {"tenure": 2, "churned": True}]


@dg.asset
def churn_rate(training_rows: list[dict]) -> float:
    # The input is downloaded from W&B as the latest version of the artifact.
    return sum(row["churned"] for row in training_rows) / len(training_rows)


# end_assets

defs = dg.Definitions(assets=[training_rows, churn_rate], resources=resources)
