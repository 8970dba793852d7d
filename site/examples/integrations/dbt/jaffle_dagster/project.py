import os
from pathlib import Path

from dagster_dbt import DbtCliResource, DbtProject

# start_project
DBT_PROJECT_DIR = Path(__file__).parent.parent / "jaffle_duckdb"

jaffle_project = DbtProject(project_dir=DBT_PROJECT_DIR)

# Under `dagster dev`, run `dbt parse` on every load so model changes show up.
jaffle_project.prepare_if_dev()
# end_project

# start_manifest_fallback
# Anywhere else (unit tests, a fresh checkout), build the manifest once if
# it is missing. Deployments build it ahead of time instead.
if not jaffle_project.manifest_path.exists():
    DbtCliResource(project_dir=jaffle_project).cli(
        ["parse", "--quiet"], target_path=jaffle_project.target_path
    ).wait()
# end_manifest_fallback

# start_duckdb_path
# dbt (through profiles.yml) and the Python assets use the same DuckDB file.
DUCKDB_PATH = os.getenv("JAFFLE_DUCKDB_PATH", str(DBT_PROJECT_DIR / "jaffle.duckdb"))
# end_duckdb_path
