# docs-example: no-import
# dagster-gemini 0.0.6 depends on google-generativeai, which needs protobuf<6 and
# conflicts with the Google Cloud libraries pinned here, so it is not installed in
# the examples' environment. tests/test_integrations_a.py checks this file with
# `ast` and runs it against a test double of the package.
import dagster as dg
from dagster_gemini import GeminiResource


# start_asset
@dg.asset
def support_ticket_summary(
    context: dg.AssetExecutionContext, gemini: GeminiResource
) -> str:
    """Summarize this week's support tickets; token usage lands in the metadata."""
    tickets = [
        "The export button does nothing on Safari.",
        "I was charged twice for my June invoice.",
        "Exports to CSV time out for large workspaces.",
    ]
    prompt = "Summarize the main themes of these support tickets:\n" + "\n".join(tickets)
    with gemini.get_model(context) as model:
        response = model.generate_content(prompt)
    return response.text


# end_asset

# start_definitions
defs = dg.Definitions(
    assets=[support_ticket_summary],
    resources={
        "gemini": GeminiResource(
            api_key=dg.EnvVar("GEMINI_API_KEY"),
            generative_model_name="gemini-1.5-flash",
        )
    },
)
# end_definitions
