import dagster as dg
from dagster_anthropic import AnthropicResource


# start_asset
class ReviewSummaryConfig(dg.Config):
    model: str = "claude-sonnet-4-5"
    max_tokens: int = 300


@dg.asset
def product_reviews() -> list[str]:
    return [
        "Arrived quickly and works as described. Battery lasts two days.",
        "The strap broke after a week. Support replaced it without questions.",
        "Good value, but the app keeps logging me out.",
    ]


@dg.asset(kinds={"anthropic"})
def review_summary(
    context: dg.AssetExecutionContext,
    config: ReviewSummaryConfig,
    anthropic: AnthropicResource,
    product_reviews: list[str],
) -> str:
    reviews = "\n".join(f"- {review}" for review in product_reviews)
    # Inside an asset, get_client records the tokens each call uses as metadata.
    with anthropic.get_client(context) as client:
        message = client.messages.create(
            model=config.model,
            max_tokens=config.max_tokens,
            messages=[
                {
                    "role": "user",
                    "content": f"Summarize these product reviews in two sentences:\n{reviews}",
                }
            ],
        )
    summary = message.content[0].text
    context.log.info(summary)
    return summary


# end_asset

# start_definitions
defs = dg.Definitions(
    assets=[product_reviews, review_summary],
    resources={"anthropic": AnthropicResource(api_key=dg.EnvVar("ANTHROPIC_API_KEY"))},
)
# end_definitions
