"""Every example file imports and its Dagster definitions load.

One test per file, with the file's path (relative to site/examples/) as the
test id, so `pytest -k defining_assets` runs one example. What is checked is
in example_loader.check_example; opting out is `# docs-example: no-import`.
"""

import ast

import pytest

from example_loader import (
    NO_IMPORT,
    check_example,
    discover_examples,
    example_flags,
    relative_id,
)

ALL_EXAMPLES = discover_examples()
IMPORTABLE = [p for p in ALL_EXAMPLES if NO_IMPORT not in example_flags(p)]
FRAGMENTS = [p for p in ALL_EXAMPLES if NO_IMPORT in example_flags(p)]


@pytest.mark.parametrize("path", IMPORTABLE, ids=relative_id)
def test_example_loads(path):
    check_example(path)


@pytest.mark.parametrize("path", FRAGMENTS, ids=relative_id)
def test_no_import_example_parses(path):
    # Fragments are not run, but a page still shows them as Python.
    ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
