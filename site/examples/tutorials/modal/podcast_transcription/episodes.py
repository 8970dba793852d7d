import hashlib
import re
import time

import feedparser

# start_episode_helpers
# How many of the newest episodes of a feed the pipeline picks up.
RECENT_EPISODES = 5


def audio_url(entry) -> str | None:
    """The URL of the first audio file attached to a feed entry."""
    for enclosure in entry.get("enclosures", []):
        if enclosure.get("type", "").startswith("audio/"):
            return enclosure.get("href")
    return None


def episode_key(entry) -> str:
    """A readable, stable partition key: publication date and title."""
    published = entry.get("published_parsed")
    day = time.strftime("%Y-%m-%d", published) if published else "undated"
    slug = re.sub(r"[^a-z0-9]+", "-", entry.get("title", "").lower()).strip("-")
    if not slug:
        slug = hashlib.sha1(entry.get("id", "").encode()).hexdigest()[:10]
    return f"{day}-{slug[:60].rstrip('-')}"


def recent_episode_keys(feed: feedparser.FeedParserDict) -> list[str]:
    """Keys of the newest episodes that have audio."""
    with_audio = [entry for entry in feed.entries if audio_url(entry)]
    return [episode_key(entry) for entry in with_audio[:RECENT_EPISODES]]


def find_episode(feed: feedparser.FeedParserDict, key: str) -> dict:
    """The feed entry for one partition key, as a plain dictionary."""
    for entry in feed.entries:
        if episode_key(entry) == key and audio_url(entry):
            return {
                "key": key,
                "title": entry.get("title", ""),
                "published": entry.get("published", ""),
                "link": entry.get("link", ""),
                "audio_url": audio_url(entry),
            }
    raise KeyError(f"No episode {key!r} in the feed any more")


# end_episode_helpers
# start_summary_prompt
SUMMARY_MODEL = "gpt-4.1-mini"

SUMMARY_PROMPT = """\
You summarize podcast episodes for busy listeners. From the transcript, write
three to five bullet points with the main ideas, then one line that starts
with "Worth a listen if:" and says who would enjoy the episode. Use plain
language and do not invent anything that is not in the transcript.
"""
# end_summary_prompt
