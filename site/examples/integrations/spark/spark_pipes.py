import shutil

import dagster as dg

# start_asset
@dg.asset
def customer_segments(
    context: dg.AssetExecutionContext, pipes_subprocess_client: dg.PipesSubprocessClient
) -> dg.MaterializeResult:
    # spark-submit runs segments.py, which reports back with dagster-pipes.
    command = [
        shutil.which("spark-submit") or "spark-submit",
        "--master",
        "local[*]",
        dg.file_relative_path(__file__, "segments.py"),
    ]
    return pipes_subprocess_client.run(command=command, context=context).get_materialize_result()


# end_asset

defs = dg.Definitions(
    assets=[customer_segments],
    resources={"pipes_subprocess_client": dg.PipesSubprocessClient()},
)
