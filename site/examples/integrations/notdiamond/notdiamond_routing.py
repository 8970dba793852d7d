import dagster as dg
from dagster_notdiamond import NotDiamondResource

# start_asset
@dg.asset
def best_model_for_support(
    context: dg.AssetExecutionContext, notdiamond: NotDiamondResource
) -> str:
    with notdiamond.get_client(context) as client:
        # Ask Not Diamond which of the candidate models fits this prompt best.
        session_id, best_llm = client.model_select(
            messages=[{"role": "user", "content": "Summarize this support ticket in one line."}],
            model=["openai/gpt-4o-mini", "anthropic/claude-3-5-haiku-20241022"],
            tradeoff="cost",
        )
    context.log.info(f"Not Diamond session {session_id}")
    return str(best_llm)


# end_asset

defs = dg.Definitions(
    assets=[best_model_for_support],
    resources={"notdiamond": NotDiamondResource(api_key=dg.EnvVar("NOTDIAMOND_API_KEY"))},
)
