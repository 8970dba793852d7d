"""Store asset values in S3 and size individual runs for ECS."""

import dagster as dg
from dagster_aws.s3 import S3PickleIOManager, S3Resource


# start_ecs_tags
@dg.asset
def daily_events() -> list[dict]:
    return [{"event": "signup"}, {"event": "purchase"}]


@dg.asset
def event_counts(daily_events: list[dict]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for row in daily_events:
        counts[row["event"]] = counts.get(row["event"], 0) + 1
    return counts


# Runs of this job get a bigger ECS task than the launcher's default.
events_job = dg.define_asset_job(
    "events_job",
    selection=[daily_events, event_counts],
    tags={"ecs/cpu": "2048", "ecs/memory": "8192"},
)
# end_ecs_tags

# start_io_manager
defs = dg.Definitions(
    assets=[daily_events, event_counts],
    jobs=[events_job],
    resources={
        # Each run happens in a separate task, so values passed between
        # assets have to live somewhere every task can reach.
        "io_manager": S3PickleIOManager(
            s3_resource=S3Resource(region_name="us-east-1"),
            s3_bucket=dg.EnvVar("DAGSTER_IO_BUCKET"),
            s3_prefix="io",
        ),
    },
)
# end_io_manager
