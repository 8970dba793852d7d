import dagster as dg
from dagster_dingtalk import DingTalkWebhookResource


# start_sensor
@dg.run_failure_sensor
def dingtalk_on_failure(
    context: dg.RunFailureSensorContext, dingtalk: DingTalkWebhookResource
) -> None:
    """Post a message to a DingTalk group when any run fails."""
    dingtalk.send_markdown(
        title="Dagster run failed",
        text=[
            f"### Run `{context.dagster_run.run_id[:8]}` failed",
            f"Job: **{context.dagster_run.job_name}**",
            f"Error: {context.failure_event.message}",
        ],
    )


# end_sensor


# start_asset
@dg.asset
def daily_report(dingtalk: DingTalkWebhookResource) -> None:
    dingtalk.send_text("The daily report is ready.")


# end_asset

# start_definitions
defs = dg.Definitions(
    assets=[daily_report],
    sensors=[dingtalk_on_failure],
    resources={
        "dingtalk": DingTalkWebhookResource(
            access_token=dg.EnvVar("DINGTALK_ACCESS_TOKEN"),
            secret=dg.EnvVar("DINGTALK_SECRET"),
        )
    },
)
# end_definitions
