# docs-example: no-import
# (Loaded by tests/test_components.py with the project folder on sys.path.)
from pathlib import Path

import dagster as dg

from shop.assets import daily_job, order_total, orders


# start_merge
@dg.definitions
def defs() -> dg.Definitions:
    existing = dg.Definitions(assets=[orders, order_total], jobs=[daily_job])
    from_defs_folder = dg.load_from_defs_folder(path_within_project=Path(__file__).parent)
    return dg.Definitions.merge(existing, from_defs_folder)


# end_merge
