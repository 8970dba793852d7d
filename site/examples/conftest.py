"""Shared pytest setup for the documentation examples' tests.

Kept at site/examples/ (the pytest rootdir, see pytest.ini) so it applies
whether pytest is started from the repo root or from site/examples.
"""

import os
import sys
from pathlib import Path

import pytest

# Test modules import the harness helpers by plain name
# (`from example_loader import load_example`); make that independent of
# pytest's import mode and of where pytest was started.
EXAMPLES_ROOT = Path(__file__).resolve().parent
TESTS_DIR = EXAMPLES_ROOT / "tests"
if str(TESTS_DIR) not in sys.path:
    sys.path.insert(0, str(TESTS_DIR))

# Command-line tools installed with the examples' packages (dbt, for one) live beside the
# interpreter; put them on PATH as an activated virtual environment would.
_BIN = str(Path(sys.executable).parent)
if _BIN not in os.environ.get("PATH", "").split(os.pathsep):
    os.environ["PATH"] = _BIN + os.pathsep + os.environ.get("PATH", "")


@pytest.fixture(autouse=True)
def _run_in_tmp_path(tmp_path, monkeypatch):
    """Run every test in its own empty folder.

    Examples that materialize assets often write files (DuckDB databases,
    CSVs, the filesystem IO manager's pickles) relative to the working
    directory; this keeps them out of the repository.
    """
    monkeypatch.chdir(tmp_path)


def pytest_ignore_collect(collection_path, config):
    """Collect tests from tests/ only, even for `pytest site/examples`.

    An example may itself be called test_*.py (a guide about testing); it is
    an example, checked by the load test, not part of this suite.
    """
    path = Path(collection_path).resolve()
    if path.is_relative_to(EXAMPLES_ROOT) and path != EXAMPLES_ROOT:
        top = path.relative_to(EXAMPLES_ROOT).parts[0]
        if top not in ("tests", "conftest.py"):
            return True
    return None
