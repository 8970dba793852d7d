"""Read configuration and secrets from environment variables."""

import os

import dagster as dg


# start_env_var_resource
class WarehouseResource(dg.ConfigurableResource):
    host: str
    user: str
    password: str

    def describe(self) -> str:
        return f"{self.user}@{self.host}"


@dg.asset
def warehouse_status(warehouse: WarehouseResource) -> str:
    return warehouse.describe()


defs = dg.Definitions(
    assets=[warehouse_status],
    resources={
        "warehouse": WarehouseResource(
            host="warehouse.example.com",
            # Read when a run starts, not when the code location loads; the
            # UI shows the variable's name, never its value.
            user=dg.EnvVar("WAREHOUSE_USER"),
            password=dg.EnvVar("WAREHOUSE_PASSWORD"),
        )
    },
)
# end_env_var_resource


# start_get_value
# dg.EnvVar is a string subclass; .get_value() reads the variable now.
def github_token() -> str | None:
    return dg.EnvVar("GITHUB_TOKEN").get_value()


# os.getenv is the plain-Python way, evaluated when this line runs.
DEPLOYMENT = os.getenv("DAGSTER_DEPLOYMENT", "local")
# end_get_value
