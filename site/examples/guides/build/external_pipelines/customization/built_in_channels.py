import sys

import dagster as dg

# start_clients
# The default: context in a temporary file, messages tailed from another one.
default_client = dg.PipesSubprocessClient()

# The context embedded in the DAGSTER_PIPES_CONTEXT environment variable
# itself, so no file has to be shared with the subprocess.
env_client = dg.PipesSubprocessClient(
    context_injector=dg.PipesEnvContextInjector(),
    message_reader=dg.PipesTempFileMessageReader(),
)
# end_clients


@dg.asset
def table_from_script(
    context: dg.AssetExecutionContext,
    pipes_subprocess_client: dg.PipesSubprocessClient,
) -> dg.MaterializeResult:
    return pipes_subprocess_client.run(
        command=[sys.executable, dg.file_relative_path(__file__, "external_code.py")],
        context=context,
    ).get_materialize_result()


defs = dg.Definitions(
    assets=[table_from_script],
    resources={"pipes_subprocess_client": env_client},
)
