import dagster as dg
from dagster_openai import OpenAIResource


# start_asset
@dg.asset(kinds={"openai"})
def release_notes_summary(
    context: dg.AssetExecutionContext, openai: OpenAIResource
) -> str:
    # In an asset, get_client wraps the chat, completions and embeddings
    # endpoints so that token usage is added to the materialization's metadata.
    with openai.get_client(context) as client:
        response = client.chat.completions.create(
            model="gpt-4o-mini",
            messages=[{"role": "user", "content": "Summarize: fixed two bugs."}],
        )
    return response.choices[0].message.content or ""


# end_asset


# start_multi_asset
@dg.multi_asset(specs=[dg.AssetSpec("headline"), dg.AssetSpec("tagline")])
def marketing_copy(context: dg.AssetExecutionContext, openai: OpenAIResource):
    # With several assets, say which asset's metadata receives the usage.
    with openai.get_client_for_asset(context, dg.AssetKey("headline")) as client:
        client.chat.completions.create(
            model="gpt-4o-mini",
            messages=[{"role": "user", "content": "A headline for a data team."}],
        )
    yield dg.MaterializeResult(asset_key="headline")
    yield dg.MaterializeResult(asset_key="tagline")


# end_multi_asset

defs = dg.Definitions(
    assets=[release_notes_summary, marketing_copy],
    resources={"openai": OpenAIResource(api_key=dg.EnvVar("OPENAI_API_KEY"))},
)
