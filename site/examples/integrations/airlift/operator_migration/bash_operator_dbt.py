import shutil
import sys
from pathlib import Path

import dagster as dg
from dagster_airlift.core import assets_with_task_mappings
from dagster_dbt import DbtCliResource, DbtProject, dbt_assets

# start_project
# The dbt project the BashOperator ran `dbt build` in.
events_project = DbtProject(project_dir=Path(__file__).parent / "events_dbt")

# Under `dagster dev`, run `dbt parse` on every load so changes show up.
events_project.prepare_if_dev()
# end_project

# dbt is installed in the same virtual environment as Dagster; look for it
# there too, for when the environment is not activated (PATH lacks it).
DBT_EXECUTABLE = shutil.which("dbt") or str(Path(sys.executable).parent / "dbt")

# Elsewhere (a fresh checkout, the tests), build the manifest once if it is
# missing. Deployments build it ahead of time, for example with
# `dagster-dbt project prepare-and-package`.
if not events_project.manifest_path.exists():
    DbtCliResource(project_dir=events_project, dbt_executable=DBT_EXECUTABLE).cli(
        ["parse", "--quiet"], target_path=events_project.target_path
    ).wait()


# start_assets
@dbt_assets(manifest=events_project.manifest_path, project=events_project)
def events_dbt_assets(context: dg.AssetExecutionContext, dbt: DbtCliResource):
    # Was: bash_command="cd /opt/dbt/events_dbt && dbt build"
    # Dagster passes the selected models, so a partial run builds only those.
    yield from dbt.cli(["build"], context=context).stream()


# end_assets


# start_definitions
defs = dg.Definitions(
    assets=assets_with_task_mappings(
        dag_id="events_reporting",
        # All models the task built map to that one task.
        task_mappings={"dbt_build": [events_dbt_assets]},
    ),
    resources={"dbt": DbtCliResource(project_dir=events_project, dbt_executable=DBT_EXECUTABLE)},
)
# end_definitions
