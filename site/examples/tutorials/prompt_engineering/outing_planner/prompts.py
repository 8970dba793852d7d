import json

# start_model
# Any current Claude model works; a larger one follows long prompts better.
CLAUDE_MODEL = "claude-sonnet-4-5"


# end_model
# start_reply_text
def reply_text(message) -> str:
    """The text of a Claude reply, joined from its text blocks."""
    return "".join(block.text for block in message.content if block.type == "text")


# end_reply_text
# start_parse_json
def parse_json_object(text: str) -> dict:
    """Read the JSON object in a reply, ignoring any words around it."""
    start, end = text.find("{"), text.rfind("}")
    if start == -1 or end < start:
        raise ValueError(f"The reply holds no JSON object: {text[:200]!r}")
    return json.loads(text[start : end + 1])


# end_parse_json
