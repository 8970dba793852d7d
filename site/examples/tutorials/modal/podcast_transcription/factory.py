# start_imports
from dataclasses import dataclass

import dagster as dg
from dagster_openai import OpenAIResource

from .episodes import SUMMARY_MODEL, SUMMARY_PROMPT, find_episode, recent_episode_keys
from .resources import ModalTranscriber, PodcastFeedReader


# end_imports
# start_feed_model
@dataclass(frozen=True)
class PodcastFeed:
    """One podcast to follow: a short name for asset keys, and its RSS feed."""

    name: str
    url: str


# end_feed_model
# start_factory
def build_podcast_pipeline(feed: PodcastFeed) -> dg.Definitions:
    """Assets and a sensor that transcribe and summarize one podcast."""
    partitions = dg.DynamicPartitionsDefinition(name=f"{feed.name}_episodes")
    common = {
        "partitions_def": partitions,
        "key_prefix": feed.name,
        "group_name": feed.name,
    }

    @dg.asset(name="episode", kinds={"rss"}, **common)
    def episode(
        context: dg.AssetExecutionContext, feed_reader: PodcastFeedReader
    ) -> dict:
        """Title, date and audio URL of one episode, read from the feed."""
        found = find_episode(feed_reader.fetch(feed.url), context.partition_key)
        context.add_output_metadata(
            {
                "title": found["title"],
                "audio_url": dg.MetadataValue.url(found["audio_url"]),
            }
        )
        return found

    @dg.asset(
        name="transcript",
        ins={"episode": dg.AssetIn(key=episode.key)},
        kinds={"modal"},
        **common,
    )
    def transcript(
        context: dg.AssetExecutionContext,
        modal_transcriber: ModalTranscriber,
        episode: dict,
    ) -> dict:
        """The episode's speech as text, transcribed by Whisper on a Modal GPU."""
        result = modal_transcriber.transcribe(episode["audio_url"])
        segments = result["segments"]
        context.add_output_metadata(
            {
                "language": result["language"],
                "words": len(result["text"].split()),
                "minutes": round(segments[-1]["end"] / 60, 1) if segments else 0.0,
            }
        )
        return result

    @dg.asset(
        name="summary",
        ins={
            "episode": dg.AssetIn(key=episode.key),
            "transcript": dg.AssetIn(key=transcript.key),
        },
        kinds={"openai"},
        **common,
    )
    def summary(
        context: dg.AssetExecutionContext,
        openai: OpenAIResource,
        episode: dict,
        transcript: dict,
    ) -> dict:
        """A few bullet points on what the episode covers."""
        with openai.get_client(context) as client:
            response = client.chat.completions.create(
                model=SUMMARY_MODEL,
                messages=[
                    {"role": "system", "content": SUMMARY_PROMPT},
                    {
                        "role": "user",
                        "content": f"Episode: {episode['title']}\n\n"
                        f"Transcript:\n{transcript['text']}",
                    },
                ],
            )
        text = response.choices[0].message.content or ""
        context.add_output_metadata({"summary": dg.MetadataValue.md(text)})
        return {"title": episode["title"], "summary": text}

    @dg.sensor(
        name=f"{feed.name}_new_episodes",
        target=[episode, transcript, summary],
        minimum_interval_seconds=30 * 60,
    )
    def new_episodes(
        context: dg.SensorEvaluationContext, feed_reader: PodcastFeedReader
    ) -> dg.SensorResult:
        """Add a partition, and request a run, for each new episode in the feed."""
        known = set(context.instance.get_dynamic_partitions(partitions.name))
        keys = [
            k
            for k in recent_episode_keys(feed_reader.fetch(feed.url))
            if k not in known
        ]
        if not keys:
            return dg.SensorResult(skip_reason="No new episodes")
        return dg.SensorResult(
            run_requests=[dg.RunRequest(partition_key=key) for key in keys],
            dynamic_partitions_requests=[partitions.build_add_request(keys)],
        )

    return dg.Definitions(assets=[episode, transcript, summary], sensors=[new_episodes])


# end_factory
