import dagster as dg
import feedparser
import modal


# start_feed_reader
class PodcastFeedReader(dg.ConfigurableResource):
    """Reads podcast RSS feeds."""

    user_agent: str = "dagster-podcast-pipeline/1.0"

    def fetch(self, url: str) -> feedparser.FeedParserDict:
        feed = feedparser.parse(url, agent=self.user_agent)
        if feed.get("bozo") and not feed.entries:
            raise ValueError(
                f"Could not read the feed at {url}: {feed.get('bozo_exception')}"
            )
        return feed


# end_feed_reader
# start_modal_transcriber
class ModalTranscriber(dg.ConfigurableResource):
    """Calls the Transcriber class of the deployed Modal app."""

    app_name: str = "podcast-transcriber"
    class_name: str = "Transcriber"

    def transcribe(self, audio_url: str) -> dict:
        transcriber = modal.Cls.from_name(self.app_name, self.class_name)
        return transcriber().transcribe.remote(audio_url)


# end_modal_transcriber
