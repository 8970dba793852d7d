import shutil

import dagster as dg


@dg.asset(
    check_specs=[dg.AssetCheckSpec(name="no_negative_amounts", asset="js_order_summary")],
)
def js_order_summary(
    context: dg.AssetExecutionContext,
    pipes_subprocess_client: dg.PipesSubprocessClient,
):
    node = shutil.which("node") or "node"
    script = dg.file_relative_path(__file__, "summarize_orders.js")
    yield from pipes_subprocess_client.run(
        command=[node, script],
        context=context,
        extras={"order_count": 200},
    ).get_results()


defs = dg.Definitions(
    assets=[js_order_summary],
    resources={"pipes_subprocess_client": dg.PipesSubprocessClient()},
)
