"""One code location that picks its resources from the deployment it runs in."""

import os

import dagster as dg


# start_resources
class StorageResource(dg.ConfigurableResource):
    """Where the pipeline writes its output files."""

    base_path: str

    def path_for(self, name: str) -> str:
        return f"{self.base_path.rstrip('/')}/{name}"


class NotifierResource(dg.ConfigurableResource):
    channel: str
    enabled: bool = True


RESOURCES_BY_DEPLOYMENT = {
    "local": {
        "storage": StorageResource(base_path="/tmp/dagster-output"),
        "notifier": NotifierResource(channel="#dev-null", enabled=False),
    },
    "staging": {
        "storage": StorageResource(base_path="s3://my-company-staging/output"),
        "notifier": NotifierResource(channel="#data-staging"),
    },
    "production": {
        "storage": StorageResource(base_path="s3://my-company-prod/output"),
        "notifier": NotifierResource(channel=dg.EnvVar("ALERT_CHANNEL")),
    },
}
# end_resources


# start_assets
@dg.asset
def daily_report(storage: StorageResource, notifier: NotifierResource) -> str:
    path = storage.path_for("daily_report.csv")
    if notifier.enabled:
        dg.get_dagster_logger().info(f"Would notify {notifier.channel} about {path}")
    return path
# end_assets


# start_definitions
deployment_name = os.getenv("DAGSTER_DEPLOYMENT", "local")

defs = dg.Definitions(
    assets=[daily_report],
    resources=RESOURCES_BY_DEPLOYMENT[deployment_name],
)
# end_definitions
