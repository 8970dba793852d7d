import dagster as dg
from dagster_slack import SlackResource, make_slack_on_run_failure_sensor

# start_resource
slack = SlackResource(token=dg.EnvVar("SLACK_BOT_TOKEN"))
# end_resource


# start_asset
@dg.asset
def weekly_summary(slack: SlackResource) -> None:
    slack.get_client().chat_postMessage(channel="#data-team", text="The weekly summary is ready.")


# end_asset

# start_sensor
slack_on_run_failure = make_slack_on_run_failure_sensor(
    channel="#data-alerts",
    slack_token=dg.EnvVar("SLACK_BOT_TOKEN").get_value(default=""),
)
# end_sensor

defs = dg.Definitions(
    assets=[weekly_summary],
    sensors=[slack_on_run_failure],
    resources={"slack": slack},
)
