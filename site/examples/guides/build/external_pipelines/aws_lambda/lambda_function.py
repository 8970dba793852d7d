"""The handler of an AWS Lambda function that Dagster invokes.

Package `dagster-pipes` with the function (in the deployment package or a
layer).
"""

from dagster_pipes import PipesContext, PipesMappingParamsLoader, open_dagster_pipes


def lambda_handler(event, _context):
    # A warm Lambda container keeps module state between invocations, and
    # open_dagster_pipes() returns an existing context if there is one. Clear
    # the one left, already closed, by the previous invocation.
    PipesContext.set(None)

    # Dagster adds its bootstrap parameters to the event, next to your own keys.
    with open_dagster_pipes(params_loader=PipesMappingParamsLoader(event)) as pipes:
        prefix = event["prefix"]
        pipes.log.info(f"Counting objects under {prefix}")
        object_count = 31
        pipes.report_asset_materialization(
            metadata={"object_count": object_count, "prefix": prefix}
        )
    return {"object_count": object_count}
