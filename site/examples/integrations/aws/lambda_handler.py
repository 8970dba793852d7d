"""The handler of the `resize-images` Lambda function.

Deploy it with `dagster-pipes` in the function's package or in a layer.
"""

# start_handler
from dagster_pipes import PipesContext, PipesMappingParamsLoader, open_dagster_pipes


def handler(event, _context):
    # A warm container may still hold the previous invocation's closed context.
    PipesContext.set(None)

    # The event carries your keys and the Pipes parameters Dagster added.
    with open_dagster_pipes(params_loader=PipesMappingParamsLoader(event)) as pipes:
        prefix = event["prefix"]
        resized = resize_all(prefix, event["max_width"])
        pipes.log.info(f"Resized {resized} images under {prefix}")
        pipes.report_asset_materialization(metadata={"resized": resized, "prefix": prefix})
    return {"resized": resized}


# end_handler


def resize_all(prefix: str, max_width: int) -> int:
    """Stands in for the real work (download, resize, upload)."""
    return 24
