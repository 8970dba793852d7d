"""Configuring resources: environment variables, defaults, launch-time config and nesting."""

import os

import dagster as dg


# start_env_var
class CrmClient(dg.ConfigurableResource):
    """A client for a customer relationship management (CRM) service."""

    api_url: str
    api_token: str
    timeout_seconds: int = 30  # A default: set it only when you need another value.

    def describe(self) -> str:
        return f"{self.api_url} (timeout {self.timeout_seconds}s)"


@dg.asset
def crm_accounts(context: dg.AssetExecutionContext, crm: CrmClient) -> None:
    context.log.info(f"Reading accounts from {crm.describe()}")


crm_from_env = CrmClient(
    api_url="https://crm.example.com/api",
    # Read when a run starts, not when the code loads; the value is not shown in the UI.
    api_token=dg.EnvVar("CRM_API_TOKEN"),
    timeout_seconds=dg.EnvVar.int("CRM_TIMEOUT_SECONDS"),
)
# end_env_var


# start_configure_at_launch
class ExportTarget(dg.ConfigurableResource):
    bucket: str
    prefix: str = "exports"

    def uri_for(self, name: str) -> str:
        return f"s3://{self.bucket}/{self.prefix}/{name}"


@dg.asset
def account_export(context: dg.AssetExecutionContext, export_target: ExportTarget) -> str:
    uri = export_target.uri_for("accounts.csv")
    context.log.info(f"Would write accounts to {uri}")
    return uri


launch_time_defs = dg.Definitions(
    assets=[account_export],
    # No values yet: each run supplies them in its run config.
    resources={"export_target": ExportTarget.configure_at_launch()},
)

# The same config, as Python, when you launch a run from code or a test.
export_run_config = dg.RunConfig(
    resources={"export_target": ExportTarget(bucket="acme-exports", prefix="daily")}
)
# end_configure_at_launch


# start_nested
class Credentials(dg.ConfigurableResource):
    username: str
    password: str


class DataWarehouse(dg.ConfigurableResource):
    host: str
    # A resource can hold another resource as a field.
    credentials: Credentials

    def connection_string(self) -> str:
        return f"postgresql://{self.credentials.username}@{self.host}/analytics"


@dg.asset
def warehouse_tables(context: dg.AssetExecutionContext, warehouse: DataWarehouse) -> None:
    context.log.info(f"Connecting with {warehouse.connection_string()}")


credentials = Credentials(username=dg.EnvVar("DB_USER"), password=dg.EnvVar("DB_PASSWORD"))
nested_defs = dg.Definitions(
    assets=[warehouse_tables],
    resources={"warehouse": DataWarehouse(host="db.internal", credentials=credentials)},
)
# end_nested


# start_per_environment
resources_by_deployment = {
    "local": {"crm": CrmClient(api_url="http://localhost:8080/api", api_token="local-token")},
    "production": {"crm": crm_from_env},
}

# Choose the set of resources from an environment variable set per deployment.
deployment = os.getenv("DAGSTER_DEPLOYMENT", "local")
defs = dg.Definitions(assets=[crm_accounts], resources=resources_by_deployment[deployment])
# end_per_environment
