# start_imports
import dagster as dg
from dagster_anthropic import AnthropicResource

from .prompts import CLAUDE_MODEL, parse_json_object, reply_text
from .weather import forecast_table

# end_imports
# start_recommendation_prompt
RECOMMENDATION_PROMPT = """\
You help people pick the best day for an outdoor activity.

You get the person's own words in <request>, the activity and their weather
wishes in <outing>, and a daily forecast for their place in <forecast>. Weigh
the forecast against the activity: rain matters for most activities, wind for
cycling and sailing, heat for anything strenuous.

Reply with one JSON object and nothing else, with these keys:
- "date": the best date, copied exactly from the forecast, or null if no day
  is reasonable.
- "summary": two sentences at most, addressed to the person, that name the day
  and say why.
- "concerns": a list of short warnings for that day, or an empty list.
"""


# end_recommendation_prompt
# start_recommendation_asset
def recommendation_input(outing_details: dict, weather_forecast: dict) -> str:
    place = weather_forecast["place"]
    wishes = ", ".join(outing_details["preferences"]) or "none given"
    return (
        f"<request>\n{outing_details['request']}\n</request>\n"
        f"<outing>\nactivity: {outing_details['activity']}\n"
        f"weather wishes: {wishes}\n</outing>\n"
        f'<forecast place="{place["name"]}, {place["country"]}">\n'
        f"{forecast_table(weather_forecast['days'])}\n</forecast>"
    )


@dg.asset(kinds={"anthropic"}, group_name="outing_planner")
def outing_recommendation(
    context: dg.AssetExecutionContext,
    anthropic: AnthropicResource,
    outing_details: dict,
    weather_forecast: dict,
) -> dict:
    """The day Claude recommends for the outing, and why."""
    with anthropic.get_client(context) as client:
        message = client.messages.create(
            model=CLAUDE_MODEL,
            max_tokens=400,
            system=RECOMMENDATION_PROMPT,
            messages=[
                {
                    "role": "user",
                    "content": recommendation_input(outing_details, weather_forecast),
                }
            ],
        )
    answer = parse_json_object(reply_text(message))

    dates = [day["date"] for day in weather_forecast["days"]]
    if answer.get("date") is not None and answer["date"] not in dates:
        raise dg.Failure(f"Claude picked {answer['date']}, which is not in {dates}")

    context.add_output_metadata(
        {"date": answer.get("date") or "none", "summary": answer.get("summary", "")}
    )
    return {
        "date": answer.get("date"),
        "summary": answer.get("summary", ""),
        "concerns": answer.get("concerns", []),
    }


# end_recommendation_asset
