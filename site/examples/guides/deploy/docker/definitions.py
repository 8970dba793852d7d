"""The code location that the Docker Compose example packages into an image."""

import dagster as dg


@dg.asset
def greeting() -> str:
    return "hello from a container"


@dg.asset
def greeting_length(greeting: str) -> int:
    return len(greeting)


greeting_job = dg.define_asset_job("greeting_job", selection=[greeting, greeting_length])

defs = dg.Definitions(
    assets=[greeting, greeting_length],
    jobs=[greeting_job],
    schedules=[dg.ScheduleDefinition(job=greeting_job, cron_schedule="@daily")],
    # Each run is a new container: keep asset values in a folder that the
    # DockerRunLauncher mounts into every run container (see dagster.yaml).
    resources={"io_manager": dg.FilesystemIOManager(base_dir="/opt/dagster/asset-values")},
)
