import os

import dagster as dg


# start_deployment_context
def current_deployment() -> str:
    """Name of the Dagster+ deployment, or "local" outside Dagster+."""
    return os.getenv("DAGSTER_CLOUD_DEPLOYMENT_NAME", "local")


def is_branch_deployment() -> bool:
    return os.getenv("DAGSTER_CLOUD_IS_BRANCH_DEPLOYMENT", "") == "1"


def warehouse_schema() -> str:
    if is_branch_deployment():
        # Each pull request writes to its own schema, named after the PR.
        pull_request = os.getenv("DAGSTER_CLOUD_PULL_REQUEST_ID", "unknown")
        return f"pr_{pull_request}"
    if current_deployment() == "prod":
        return "analytics"
    return "dev"


# end_deployment_context


# start_asset
class WarehouseConfig(dg.ConfigurableResource):
    schema_name: str

    def table(self, name: str) -> str:
        return f"{self.schema_name}.{name}"


@dg.asset
def daily_orders(context: dg.AssetExecutionContext, warehouse: WarehouseConfig) -> str:
    target = warehouse.table("daily_orders")
    context.log.info(
        f"Writing {target} from commit {os.getenv('DAGSTER_CLOUD_GIT_SHA', 'local')}"
    )
    return target


defs = dg.Definitions(
    assets=[daily_orders],
    resources={"warehouse": WarehouseConfig(schema_name=warehouse_schema())},
)
# end_asset
