import os
import subprocess
import sys
from pathlib import Path

import dagster as dg

SCRIPT = Path(__file__).parent / "pipes_external_script.py"


# start_subprocess_client
@dg.asset
def filtered_rows(
    context: dg.AssetExecutionContext, pipes_subprocess_client: dg.PipesSubprocessClient
) -> dg.MaterializeResult:
    invocation = pipes_subprocess_client.run(
        context=context,
        command=[sys.executable, str(SCRIPT)],
        extras={"threshold": 10},
    )
    return invocation.get_materialize_result()
# end_subprocess_client


# start_open_session
@dg.asset
def filtered_rows_by_hand(context: dg.AssetExecutionContext):
    with dg.open_pipes_session(
        context=context,
        context_injector=dg.PipesEnvContextInjector(),
        message_reader=dg.PipesTempFileMessageReader(),
        extras={"threshold": 50},
    ) as session:
        # You launch the process yourself and hand it the bootstrap variables.
        subprocess.run(
            [sys.executable, str(SCRIPT)],
            env={**os.environ, **session.get_bootstrap_env_vars()},
            check=True,
        )
    yield from session.get_results()
# end_open_session


defs = dg.Definitions(
    assets=[filtered_rows, filtered_rows_by_hand],
    resources={"pipes_subprocess_client": dg.PipesSubprocessClient()},
)
