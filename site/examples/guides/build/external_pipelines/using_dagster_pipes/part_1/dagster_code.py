import sys

import dagster as dg


@dg.asset
def order_summary(
    context: dg.AssetExecutionContext,
    pipes_subprocess_client: dg.PipesSubprocessClient,
) -> dg.MaterializeResult:
    # The external script lives next to this file.
    script_path = dg.file_relative_path(__file__, "external_code.py")
    return pipes_subprocess_client.run(
        command=[sys.executable, script_path],
        context=context,
    ).get_materialize_result()


defs = dg.Definitions(
    assets=[order_summary],
    resources={"pipes_subprocess_client": dg.PipesSubprocessClient()},
)
