"""Python code blocks written inline in the pages parse.

Examples worth running belong in site/examples/ and are shown with
<CodeExample>; what stays inline (short fragments) must at least be valid
Python. A block whose info string has `skip-parse` (```python skip-parse)
is not checked: for pseudo-code, or code with placeholders (`<your-bucket>`)
that are not valid Python.
"""

import pytest

from example_loader import EXAMPLES_ROOT
from markdown_blocks import syntax_errors

DOCS_ROOT = EXAMPLES_ROOT.parent / "docs"
PAGES = sorted(p for p in DOCS_ROOT.rglob("*") if p.suffix in {".md", ".mdx"})


def page_id(page):
    return page.relative_to(DOCS_ROOT).as_posix()


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_inline_python_blocks_parse(page):
    errors = syntax_errors(page)
    assert not errors, "inline Python that does not parse:\n" + "\n".join(errors)
