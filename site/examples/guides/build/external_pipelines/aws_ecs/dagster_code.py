# start_resource
import dagster as dg
from dagster_aws.pipes import PipesECSClient


@dg.resource
def pipes_ecs_client(_init_context) -> PipesECSClient:
    # Built when a run needs it: PipesECSClient creates boto3 clients for ECS
    # and CloudWatch Logs, which need an AWS region and credentials.
    return PipesECSClient()


# end_resource


# start_asset
@dg.asset
def ecs_order_summary(
    context: dg.AssetExecutionContext,
    pipes_ecs_client: PipesECSClient,
) -> dg.MaterializeResult:
    return pipes_ecs_client.run(
        context=context,
        run_task_params={
            "cluster": "analytics",
            "taskDefinition": "order-summary",
            "launchType": "FARGATE",
            "networkConfiguration": {
                "awsvpcConfiguration": {
                    "subnets": ["subnet-0123456789abcdef0"],
                    "assignPublicIp": "ENABLED",
                }
            },
            "overrides": {
                "containerOverrides": [
                    {"name": "orders", "command": ["python", "external_code.py"]}
                ]
            },
        },
        extras={"order_count": 500},
    ).get_materialize_result()


# end_asset


# start_definitions
defs = dg.Definitions(
    assets=[ecs_order_summary],
    resources={"pipes_ecs_client": pipes_ecs_client},
)
# end_definitions
