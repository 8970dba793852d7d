"""Resources and file locations shared by the rest of the project."""

from pathlib import Path

import dagster as dg
from dagster_duckdb import DuckDBResource

# start_paths
# This file lives in etl_project/, so the project folder is one level up.
PROJECT_DIR = Path(__file__).parent.parent
DATA_DIR = PROJECT_DIR / "data"
DUCKDB_PATH = DATA_DIR / "etl_tutorial.duckdb"
REQUESTS_DIR = PROJECT_DIR / "requests"
# end_paths


# start_request_folder_resource
class RequestFolder(dg.ConfigurableResource):
    """The folder where request files are dropped."""

    path: str

    def request_files(self) -> list[Path]:
        folder = Path(self.path)
        if not folder.is_dir():
            return []
        return sorted(folder.glob("*.json"))
# end_request_folder_resource


# start_resource_instances
database_resource = DuckDBResource(database=str(DUCKDB_PATH))
request_folder_resource = RequestFolder(path=str(REQUESTS_DIR))
# end_resource_instances
