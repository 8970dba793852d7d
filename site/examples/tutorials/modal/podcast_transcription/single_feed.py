import dagster as dg
from dagster_openai import OpenAIResource

from .episodes import SUMMARY_MODEL, SUMMARY_PROMPT, find_episode, recent_episode_keys
from .resources import ModalTranscriber, PodcastFeedReader

# start_partitions
FEED_URL = "https://feeds.npr.org/510310/podcast.xml"

# One partition per episode; the sensor below adds them as they appear.
episode_partitions = dg.DynamicPartitionsDefinition(name="npr_politics_episodes")


# end_partitions
# start_episode_asset
@dg.asset(partitions_def=episode_partitions, kinds={"rss"}, group_name="npr_politics")
def npr_politics_episode(
    context: dg.AssetExecutionContext, feed_reader: PodcastFeedReader
) -> dict:
    """Title, date and audio URL of one episode, read from the feed."""
    episode = find_episode(feed_reader.fetch(FEED_URL), context.partition_key)
    context.add_output_metadata(
        {
            "title": episode["title"],
            "audio_url": dg.MetadataValue.url(episode["audio_url"]),
        }
    )
    return episode


# end_episode_asset
# start_transcript_asset
@dg.asset(partitions_def=episode_partitions, kinds={"modal"}, group_name="npr_politics")
def npr_politics_transcript(
    context: dg.AssetExecutionContext,
    modal_transcriber: ModalTranscriber,
    npr_politics_episode: dict,
) -> dict:
    """The episode's speech as text, transcribed by Whisper on a Modal GPU."""
    transcript = modal_transcriber.transcribe(npr_politics_episode["audio_url"])
    segments = transcript["segments"]
    context.add_output_metadata(
        {
            "language": transcript["language"],
            "words": len(transcript["text"].split()),
            "minutes": round(segments[-1]["end"] / 60, 1) if segments else 0.0,
        }
    )
    return transcript


# end_transcript_asset
# start_summary_asset
@dg.asset(
    partitions_def=episode_partitions, kinds={"openai"}, group_name="npr_politics"
)
def npr_politics_summary(
    context: dg.AssetExecutionContext,
    openai: OpenAIResource,
    npr_politics_episode: dict,
    npr_politics_transcript: dict,
) -> dict:
    """A few bullet points on what the episode covers."""
    with openai.get_client(context) as client:
        response = client.chat.completions.create(
            model=SUMMARY_MODEL,
            messages=[
                {"role": "system", "content": SUMMARY_PROMPT},
                {
                    "role": "user",
                    "content": f"Episode: {npr_politics_episode['title']}\n\n"
                    f"Transcript:\n{npr_politics_transcript['text']}",
                },
            ],
        )
    summary = response.choices[0].message.content or ""
    context.add_output_metadata({"summary": dg.MetadataValue.md(summary)})
    return {"title": npr_politics_episode["title"], "summary": summary}


# end_summary_asset
# start_sensor
@dg.sensor(
    target=[npr_politics_episode, npr_politics_transcript, npr_politics_summary],
    minimum_interval_seconds=30 * 60,
)
def npr_politics_new_episodes(
    context: dg.SensorEvaluationContext, feed_reader: PodcastFeedReader
) -> dg.SensorResult:
    """Add a partition, and request a run, for each new episode in the feed."""
    known = set(context.instance.get_dynamic_partitions(episode_partitions.name))
    new_keys = [
        k for k in recent_episode_keys(feed_reader.fetch(FEED_URL)) if k not in known
    ]
    if not new_keys:
        return dg.SensorResult(skip_reason="No new episodes")
    return dg.SensorResult(
        run_requests=[dg.RunRequest(partition_key=key) for key in new_keys],
        dynamic_partitions_requests=[episode_partitions.build_add_request(new_keys)],
    )


# end_sensor
# start_definitions
defs = dg.Definitions(
    assets=[npr_politics_episode, npr_politics_transcript, npr_politics_summary],
    sensors=[npr_politics_new_episodes],
    resources={
        "feed_reader": PodcastFeedReader(),
        "modal_transcriber": ModalTranscriber(),
        "openai": OpenAIResource(api_key=dg.EnvVar("OPENAI_API_KEY")),
    },
)
# end_definitions
