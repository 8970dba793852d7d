import sys

import dagster as dg


@dg.asset
def regional_order_totals(
    context: dg.AssetExecutionContext,
    pipes_subprocess_client: dg.PipesSubprocessClient,
) -> dg.MaterializeResult:
    script = dg.file_relative_path(__file__, "external_code.py")
    return pipes_subprocess_client.run(
        context=context,
        command=["spark-submit", "--master", "local[*]", script],
        # Run the Spark driver with this interpreter, which has dagster-pipes.
        env={"PYSPARK_PYTHON": sys.executable},
    ).get_materialize_result()


defs = dg.Definitions(
    assets=[regional_order_totals],
    resources={"pipes_subprocess_client": dg.PipesSubprocessClient()},
)
