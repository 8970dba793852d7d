# start_imports
import time

import dagster as dg
from dagster_openai import OpenAIResource

from .resources import BASE_MODEL


# end_imports
# start_upload_assets
def upload_for_fine_tuning(
    context: dg.AssetExecutionContext, openai: OpenAIResource, path: str
) -> str:
    """Upload a JSONL file to OpenAI and return the file ID."""
    with openai.get_client(context) as client:
        with open(path, "rb") as jsonl:
            uploaded = client.files.create(file=jsonl, purpose="fine-tune")
    context.add_output_metadata({"file_id": uploaded.id, "bytes": uploaded.bytes})
    return uploaded.id


@dg.asset(kinds={"openai"}, group_name="fine_tuning")
def training_file_id(
    context: dg.AssetExecutionContext, openai: OpenAIResource, training_file: str
) -> str:
    """The ID of the training file on OpenAI."""
    return upload_for_fine_tuning(context, openai, training_file)


@dg.asset(kinds={"openai"}, group_name="fine_tuning")
def validation_file_id(
    context: dg.AssetExecutionContext, openai: OpenAIResource, validation_file: str
) -> str:
    """The ID of the validation file on OpenAI."""
    return upload_for_fine_tuning(context, openai, validation_file)


# end_upload_assets
# start_fine_tuned_model
FINISHED = {"succeeded", "failed", "cancelled"}


class FineTuningConfig(dg.Config):
    base_model: str = BASE_MODEL
    suffix: str = "support-tickets"
    n_epochs: int = 3
    poll_interval_seconds: float = 30.0
    timeout_seconds: float = 4 * 60 * 60


@dg.asset(kinds={"openai"}, group_name="fine_tuning")
def fine_tuned_model(
    context: dg.AssetExecutionContext,
    config: FineTuningConfig,
    openai: OpenAIResource,
    training_file_id: str,
    validation_file_id: str,
) -> str:
    """The name of the fine-tuned model, once OpenAI has trained it."""
    with openai.get_client(context) as client:
        job = client.fine_tuning.jobs.create(
            model=config.base_model,
            training_file=training_file_id,
            validation_file=validation_file_id,
            suffix=config.suffix,
            method={
                "type": "supervised",
                "supervised": {"hyperparameters": {"n_epochs": config.n_epochs}},
            },
        )
        context.log.info(f"Started fine-tuning job {job.id}")
        deadline = time.monotonic() + config.timeout_seconds
        while job.status not in FINISHED:
            if time.monotonic() > deadline:
                raise dg.Failure(f"Job {job.id} still {job.status} after the timeout")
            time.sleep(config.poll_interval_seconds)
            job = client.fine_tuning.jobs.retrieve(job.id)
            context.log.info(f"Job {job.id} is {job.status}")

    if job.status != "succeeded":
        raise dg.Failure(
            description=f"Fine-tuning job {job.id} ended as {job.status}",
            metadata={"error": job.error.message if job.error else ""},
        )
    context.add_output_metadata(
        {
            "job_id": job.id,
            "base_model": config.base_model,
            "trained_tokens": job.trained_tokens or 0,
        }
    )
    return job.fine_tuned_model


# end_fine_tuned_model
