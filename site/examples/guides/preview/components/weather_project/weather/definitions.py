# docs-example: no-import
# (Loaded by tests/test_components.py with the project folder on sys.path.)
from pathlib import Path

import dagster as dg


@dg.definitions
def defs() -> dg.Definitions:
    # Loads every component and Python module under weather/defs.
    return dg.load_from_defs_folder(path_within_project=Path(__file__).parent)
