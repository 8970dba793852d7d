import dagster as dg
from dagster_openai import OpenAIResource

# start_resource
openai = OpenAIResource(api_key=dg.EnvVar("OPENAI_API_KEY"))
# end_resource


# start_asset
@dg.asset(kinds={"openai"})
def release_notes_summary(context: dg.AssetExecutionContext, openai: OpenAIResource) -> str:
    notes = "Added dark mode. Fixed CSV export. Faster startup on large projects."
    # Inside an asset, get_client records token usage as materialization metadata.
    with openai.get_client(context) as client:
        response = client.chat.completions.create(
            model="gpt-4o-mini",
            messages=[
                {"role": "system", "content": "Summarize release notes in one sentence."},
                {"role": "user", "content": notes},
            ],
        )
    return response.choices[0].message.content


# end_asset

defs = dg.Definitions(assets=[release_notes_summary], resources={"openai": openai})
