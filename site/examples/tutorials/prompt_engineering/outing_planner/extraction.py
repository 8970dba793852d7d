# start_imports
import dagster as dg
from dagster_anthropic import AnthropicResource
from pydantic import BaseModel, Field

from .prompts import CLAUDE_MODEL, parse_json_object, reply_text

# end_imports
# start_extraction_prompt
EXTRACTION_PROMPT = """\
You turn a person's request for an outdoor outing into structured data.

Reply with one JSON object and nothing else. Use exactly these keys:
- "location": the town or city where the outing takes place, spelled the way a
  map would show it, or null if the request names no place.
- "activity": the outdoor activity, in two or three words.
- "days_ahead": how many days ahead to look, from 1 to 7. Use 3 when the
  request gives no time frame.
- "preferences": a list of short weather wishes taken from the request, such as
  "dry" or "under 25 °C". Use an empty list when there are none.

Example request: Any evening this week that is good for a run around Oslo? I
hate running into the wind.
Example reply: {"location": "Oslo", "activity": "running", "days_ahead": 7,
"preferences": ["little wind"]}
"""


# end_extraction_prompt
# start_outing_details_model
class OutingDetails(BaseModel):
    """The fields the extraction prompt asks Claude for."""

    location: str | None
    activity: str
    days_ahead: int = Field(ge=1, le=7)
    preferences: list[str] = []


# end_outing_details_model
# start_outing_details_asset
class OutingRequest(dg.Config):
    request: str = (
        "I'm in Lisbon and would love a long bike ride in the next few days. "
        "Ideally it stays dry and not too hot."
    )


@dg.asset(kinds={"anthropic"}, group_name="outing_planner")
def outing_details(
    context: dg.AssetExecutionContext,
    config: OutingRequest,
    anthropic: AnthropicResource,
) -> dict:
    """Where, what and when: the request turned into structured fields."""
    with anthropic.get_client(context) as client:
        message = client.messages.create(
            model=CLAUDE_MODEL,
            max_tokens=300,
            system=EXTRACTION_PROMPT,
            messages=[
                {"role": "user", "content": f"<request>\n{config.request}\n</request>"}
            ],
        )
    details = OutingDetails.model_validate(parse_json_object(reply_text(message)))
    if details.location is None:
        raise dg.Failure("The request does not say where the outing takes place.")

    context.add_output_metadata(
        {"location": details.location, "activity": details.activity}
    )
    return {"request": config.request, **details.model_dump()}


# end_outing_details_asset
