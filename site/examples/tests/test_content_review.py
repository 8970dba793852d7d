"""The content review's record (docs/content-review/) covers every page, and the API pages
take the site's description template, as the seed says."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[3]
DOCS = ROOT / "site" / "docs"
RECORD = ROOT / "docs" / "content-review"
ROW = re.compile(r"^\|\s*`?([^|`]+?\.mdx?)`?\s*\|")


def pages() -> set[str]:
    return {
        str(p.relative_to(DOCS))
        for p in DOCS.rglob("*.md*")
        if p.suffix in (".md", ".mdx") and not p.name.startswith("_")
    }


def front_matter(page: Path) -> dict:
    text = page.read_text(encoding="utf-8")
    match = re.match(r"^---\n(.*?)\n---\n", text, re.S)
    return yaml.safe_load(match.group(1)) if match else {}


def test_the_record_has_a_row_for_every_page():
    rows = set()
    for part in RECORD.glob("*.md"):
        for line in part.read_text(encoding="utf-8").splitlines():
            match = ROW.match(line)
            if match:
                rows.add(match.group(1).strip().removeprefix("site/docs/"))
    assert pages() - rows == set(), "pages without a row in docs/content-review/"


def test_api_pages_take_the_template_description():
    site = yaml.safe_load((ROOT / "site" / "site.yaml").read_text(encoding="utf-8"))
    assert site["apiDescription"]["folder"] == "api"
    assert "{title}" in site["apiDescription"]["template"]
    own = [p for p in sorted(pages()) if p.startswith("api/") and "description" in front_matter(DOCS / p)]
    assert own == [], "API pages whose own description replaces the template"
