# docs-example: no-import
# (Loads the whole project: it needs the my_project package installed, see the tests.)
# start_definitions
from pathlib import Path

import dagster as dg


@dg.definitions
def defs() -> dg.Definitions:
    # Imports every module under defs/ and collects the definitions it finds.
    return dg.load_from_defs_folder(path_within_project=Path(__file__).parent)


# end_definitions
