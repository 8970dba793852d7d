import boto3
import dagster as dg
from dagster_aws.pipes import PipesLambdaClient


# start_asset
@dg.asset
def resized_images(
    context: dg.AssetExecutionContext, lambda_pipes: PipesLambdaClient
) -> dg.MaterializeResult:
    # Invokes the function synchronously. Dagster adds its Pipes parameters to
    # the event and reads the function's messages from the tail of its logs.
    invocation = lambda_pipes.run(
        context=context,
        function_name="resize-images",
        event={"prefix": "uploads/", "max_width": 800},
    )
    return invocation.get_materialize_result()


# end_asset


# start_definitions
defs = dg.Definitions(
    assets=[resized_images],
    resources={
        # Creating a boto3 client does not connect; credentials are looked up
        # on the first call.
        "lambda_pipes": PipesLambdaClient(client=boto3.client("lambda", region_name="us-east-1")),
    },
)
# end_definitions
