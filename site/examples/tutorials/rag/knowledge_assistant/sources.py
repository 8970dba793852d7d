# start_imports
import hashlib
from pathlib import Path

import dagster as dg
import requests

# end_imports
# start_local_documents
HANDBOOK_DIR = Path(__file__).parent / "handbook"


def markdown_title(text: str, fallback: str) -> str:
    """The first top-level heading of a Markdown text."""
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return fallback


@dg.asset(kinds={"markdown"}, group_name="sources")
def handbook_documents(context: dg.AssetExecutionContext) -> list[dict]:
    """The team's runbooks: one document per Markdown file in handbook/."""
    documents = []
    for path in sorted(HANDBOOK_DIR.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        documents.append(
            {
                "id": f"handbook-{path.stem}",
                "source": "handbook",
                "title": markdown_title(text, path.stem),
                "url": f"handbook/{path.name}",
                "text": text,
            }
        )
    context.add_output_metadata({"documents": len(documents)})
    return documents


# end_local_documents
# start_web_resource
class WebFetcher(dg.ConfigurableResource):
    """Downloads text documents over HTTP."""

    timeout_seconds: float = 20.0

    def fetch_text(self, url: str) -> str:
        response = requests.get(url, timeout=self.timeout_seconds)
        response.raise_for_status()
        return response.text


# end_web_resource
# start_web_documents
class WebDocumentsConfig(dg.Config):
    urls: list[str] = [
        "https://raw.githubusercontent.com/dagster-io/dagster/master/README.md",
    ]


@dg.asset(kinds={"markdown"}, group_name="sources")
def web_documents(
    context: dg.AssetExecutionContext, config: WebDocumentsConfig, web: WebFetcher
) -> list[dict]:
    """Public Markdown pages, such as the README of a tool the team uses."""
    documents = []
    for url in config.urls:
        text = web.fetch_text(url)
        url_hash = hashlib.sha1(url.encode()).hexdigest()[:12]
        documents.append(
            {
                "id": f"web-{url_hash}",
                "source": "web",
                "title": markdown_title(text, url.rsplit("/", 1)[-1]),
                "url": url,
                "text": text,
            }
        )
    context.add_output_metadata({"documents": len(documents)})
    return documents


# end_web_documents
