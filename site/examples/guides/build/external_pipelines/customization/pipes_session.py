import os
import subprocess
import sys

import dagster as dg


@dg.asset
def table_from_session(context: dg.AssetExecutionContext):
    script = dg.file_relative_path(__file__, "external_code.py")
    with dg.open_pipes_session(
        context=context,
        context_injector=dg.PipesTempFileContextInjector(),
        message_reader=dg.PipesTempFileMessageReader(),
        extras={"triggered_by": "table_from_session"},
    ) as session:
        # Launch the process however you like; it only needs the bootstrap
        # environment variables to find the context and the message channel.
        subprocess.run(
            [sys.executable, script],
            env={**os.environ, **session.get_bootstrap_env_vars()},
            check=True,
        )
    # Results reported by the process, once the session has closed.
    yield from session.get_results()


defs = dg.Definitions(assets=[table_from_session])
