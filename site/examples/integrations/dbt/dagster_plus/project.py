from pathlib import Path

from dagster_dbt import DbtProject

# start_packaged_project
DBT_PROJECT_DIR = Path(__file__).parent.parent / "jaffle_duckdb"

jaffle_project = DbtProject(
    project_dir=DBT_PROJECT_DIR,
    # `dagster-dbt project prepare-and-package` copies the dbt project, with
    # its manifest, into this folder inside the Python package. A deployed
    # code location uses the copy; `dagster dev` keeps using DBT_PROJECT_DIR.
    packaged_project_dir=Path(__file__).parent / "dbt-project",
)
jaffle_project.prepare_if_dev()
# end_packaged_project
