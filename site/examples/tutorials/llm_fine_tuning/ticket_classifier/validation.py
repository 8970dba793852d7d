# start_imports
import dagster as dg
from dagster_duckdb import DuckDBResource
from dagster_openai import OpenAIResource

from .features import ticket_examples, ticket_messages
from .resources import BASE_MODEL, CATEGORIES


# end_imports
# start_classify
def classify(client, model: str, ticket_text: str) -> str:
    """Ask a model for the category of one ticket."""
    response = client.chat.completions.create(
        model=model,
        messages=ticket_messages(ticket_text),
        temperature=0,
        max_completion_tokens=5,
    )
    # Models sometimes add a full stop or capitals: keep only the word.
    answer = (response.choices[0].message.content or "").strip(" .\n").lower()
    return answer if answer in CATEGORIES else "unknown"


# end_classify
# start_model_comparison
class ComparisonConfig(dg.Config):
    base_model: str = BASE_MODEL


@dg.asset(deps=[ticket_examples], kinds={"openai"}, group_name="validation")
def model_comparison(
    context: dg.AssetExecutionContext,
    config: ComparisonConfig,
    openai: OpenAIResource,
    duckdb: DuckDBResource,
    fine_tuned_model: str,
) -> dict:
    """Accuracy of the base model and the fine-tuned model on held-out tickets."""
    with duckdb.get_connection() as conn:
        examples = conn.execute(
            "select ticket_id, ticket_text, label from ticket_examples "
            "where split = 'validation' order by ticket_id"
        ).fetchall()

    models = {"base": config.base_model, "fine_tuned": fine_tuned_model}
    predictions = []
    with openai.get_client(context) as client:
        for ticket_id, ticket_text, label in examples:
            row = {"ticket_id": ticket_id, "label": label}
            for name, model in models.items():
                row[name] = classify(client, model, ticket_text)
            predictions.append(row)

    accuracy = {
        name: sum(row[name] == row["label"] for row in predictions) / len(predictions)
        for name in models
    }
    context.add_output_metadata(
        {
            "base_accuracy": accuracy["base"],
            "fine_tuned_accuracy": accuracy["fine_tuned"],
            "examples": len(predictions),
        }
    )
    return {"models": models, "accuracy": accuracy, "predictions": predictions}


# end_model_comparison
# start_comparison_check
@dg.asset_check(asset=model_comparison)
def fine_tuned_model_is_not_worse(model_comparison: dict) -> dg.AssetCheckResult:
    """Fail when fine-tuning made the model less accurate than the base model."""
    accuracy = model_comparison["accuracy"]
    return dg.AssetCheckResult(
        passed=accuracy["fine_tuned"] >= accuracy["base"],
        metadata={"improvement": accuracy["fine_tuned"] - accuracy["base"]},
    )


# end_comparison_check
