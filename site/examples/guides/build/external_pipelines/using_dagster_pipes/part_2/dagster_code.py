import sys

import dagster as dg


@dg.asset(
    check_specs=[dg.AssetCheckSpec(name="no_negative_amounts", asset="order_summary")],
)
def order_summary(
    context: dg.AssetExecutionContext,
    pipes_subprocess_client: dg.PipesSubprocessClient,
):
    script_path = dg.file_relative_path(__file__, "external_code.py")
    yield from pipes_subprocess_client.run(
        command=[sys.executable, script_path],
        context=context,
        extras={"order_count": 120},
        env={"ORDER_SOURCE": "demo"},
    ).get_results()


defs = dg.Definitions(
    assets=[order_summary],
    resources={"pipes_subprocess_client": dg.PipesSubprocessClient()},
)
