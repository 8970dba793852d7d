import shutil
import sys
from pathlib import Path

import dagster as dg
from dagster_airlift.core import assets_with_task_mappings

# start_asset
SCRIPT = Path(__file__).parent / "scripts" / "clean_events.py"

daily_partitions = dg.DailyPartitionsDefinition(start_date="2025-03-01")


@dg.asset(partitions_def=daily_partitions, kinds={"python"})
def cleaned_events(
    context: dg.AssetExecutionContext,
    pipes_subprocess_client: dg.PipesSubprocessClient,
) -> dg.MaterializeResult:
    # Was: bash_command="python clean_events.py --date {{ ds }}"
    return pipes_subprocess_client.run(
        context=context,
        command=[sys.executable, str(SCRIPT), "--date", context.partition_key],
        # Added to the environment Dagster runs in, like BashOperator's env.
        env={"CLEAN_EVENTS_DIR": "cleaned_events"},
    ).get_materialize_result()


# end_asset


# start_shell_command
@dg.asset(deps=[cleaned_events], kinds={"bash"})
def events_archive(
    context: dg.AssetExecutionContext,
    pipes_subprocess_client: dg.PipesSubprocessClient,
) -> dg.MaterializeResult:
    # Any executable works: here a shell one-liner, run by bash as before.
    return pipes_subprocess_client.run(
        context=context,
        command=[
            shutil.which("bash") or "/bin/bash",
            "-c",
            "mkdir -p archive && tar -czf archive/events.tar.gz cleaned_events",
        ],
    ).get_materialize_result()


# end_shell_command


# start_definitions
defs = dg.Definitions(
    assets=assets_with_task_mappings(
        dag_id="events_pipeline",
        task_mappings={
            "clean_events": [cleaned_events],
            "archive_events": [events_archive],
        },
    ),
    resources={"pipes_subprocess_client": dg.PipesSubprocessClient()},
)
# end_definitions
