import dagster as dg
from dagster_docker import PipesDockerClient


# start_asset
@dg.asset
def cleaned_orders(
    context: dg.AssetExecutionContext, docker_pipes: PipesDockerClient
) -> dg.MaterializeResult:
    """Run a script in a container; it reports back to Dagster with dagster-pipes."""
    return docker_pipes.run(
        context=context,
        image="acme/order-cleaner:1.4",
        command=["python", "/app/clean.py"],
        env={"ORDERS_DATE": "2024-06-01"},
        extras={"min_amount": 5},
    ).get_materialize_result()


# end_asset

# start_definitions
defs = dg.Definitions(
    assets=[cleaned_orders],
    resources={"docker_pipes": PipesDockerClient()},
)
# end_definitions
