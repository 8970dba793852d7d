import os

import dagster as dg
from dagster_slack import (
    SlackResource,
    make_slack_on_run_failure_sensor,
    slack_on_failure,
)

# start_resource
@dg.asset
def daily_summary(slack: SlackResource) -> int:
    row_count = 1280
    slack.get_client().chat_postMessage(
        channel="#data-alerts", text=f"daily_summary refreshed: {row_count} rows"
    )
    return row_count


# end_resource


# start_hook
def describe_failure(context: dg.HookContext) -> str:
    return f"{context.op.name} failed in run {context.run_id}"


@dg.op
def load_orders() -> int:
    return 3


# The hook posts with the resource registered under the key "slack".
@slack_on_failure("#data-alerts", message_fn=describe_failure)
@dg.job
def nightly_orders():
    load_orders()


# end_hook

# start_sensor
alert_on_failed_runs = make_slack_on_run_failure_sensor(
    channel="#data-alerts",
    # The sensor builds its Slack client when defined, so it takes the token itself.
    slack_token=os.getenv("SLACK_BOT_TOKEN", ""),
    monitor_all_code_locations=True,
    webserver_base_url="http://localhost:3000",
)
# end_sensor

defs = dg.Definitions(
    assets=[daily_summary],
    jobs=[nightly_orders],
    sensors=[alert_on_failed_runs],
    resources={"slack": SlackResource(token=dg.EnvVar("SLACK_BOT_TOKEN"))},
)
