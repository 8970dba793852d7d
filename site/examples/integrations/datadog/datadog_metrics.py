import time

import dagster as dg
from dagster_datadog import DatadogResource

# start_resource
datadog = DatadogResource(
    api_key=dg.EnvVar("DATADOG_API_KEY"),
    app_key=dg.EnvVar("DATADOG_APP_KEY"),
    statsd_constant_tags=["service:dagster", "team:data-platform"],
)
# end_resource


# start_asset
@dg.asset
def cleaned_events(context: dg.AssetExecutionContext, datadog: DatadogResource) -> list[dict]:
    client = datadog.get_client()
    started = time.monotonic()

    raw = [{"id": 1, "valid": True}, {"id": 2, "valid": False}, {"id": 3, "valid": True}]
    cleaned = [row for row in raw if row["valid"]]

    dropped = len(raw) - len(cleaned)
    tags = [f"asset:{context.asset_key.to_user_string()}"]
    client.gauge("pipeline.rows_in", len(raw), tags=tags)
    client.gauge("pipeline.rows_out", len(cleaned), tags=tags)
    client.increment("pipeline.rows_dropped", dropped, tags=tags)
    client.timing("pipeline.step_duration_ms", (time.monotonic() - started) * 1000, tags=tags)
    if dropped:
        client.event(
            "Rows dropped while cleaning events",
            f"{dropped} invalid rows were dropped in run {context.run.run_id}.",
            alert_type="warning",
            tags=tags,
        )
    return cleaned


# end_asset

# start_definitions
defs = dg.Definitions(assets=[cleaned_events], resources={"datadog": datadog})
# end_definitions
