import dagster as dg
from dagster_openai import OpenAIResource

from .factory import PodcastFeed, build_podcast_pipeline
from .resources import ModalTranscriber, PodcastFeedReader

# start_feeds
FEEDS = [
    PodcastFeed(name="npr_politics", url="https://feeds.npr.org/510310/podcast.xml"),
    PodcastFeed(name="brian_lehrer", url="https://feeds.simplecast.com/_q7f604D"),
]

# end_feeds
# start_definitions
defs = dg.Definitions.merge(
    *[build_podcast_pipeline(feed) for feed in FEEDS],
    dg.Definitions(
        resources={
            "feed_reader": PodcastFeedReader(),
            "modal_transcriber": ModalTranscriber(),
            "openai": OpenAIResource(api_key=dg.EnvVar("OPENAI_API_KEY")),
        },
    ),
)
# end_definitions
