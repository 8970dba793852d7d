# start_resource
import dagster as dg
from dagster_aws.pipes import PipesLambdaClient


@dg.resource
def pipes_lambda_client(_init_context) -> PipesLambdaClient:
    return PipesLambdaClient()


# end_resource


# start_asset
@dg.asset
def lambda_object_count(
    context: dg.AssetExecutionContext,
    pipes_lambda_client: PipesLambdaClient,
) -> dg.MaterializeResult:
    return pipes_lambda_client.run(
        context=context,
        function_name="count-objects",
        event={"prefix": "exports/2025/"},
    ).get_materialize_result()


# end_asset


# start_definitions
defs = dg.Definitions(
    assets=[lambda_object_count],
    resources={"pipes_lambda_client": pipes_lambda_client},
)
# end_definitions
