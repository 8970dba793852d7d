from urllib.parse import urlparse

import dagster as dg
from dagster_msteams import Card, MSTeamsResource, make_teams_on_run_failure_sensor
from dagster_msteams.adaptive_card import AdaptiveCard

# start_resource
teams = MSTeamsResource(hook_url=dg.EnvVar("TEAMS_WEBHOOK_URL"))
# end_resource


# start_asset
@dg.asset
def nightly_report(teams: MSTeamsResource) -> None:
    # Workflows webhooks expect an Adaptive Card; legacy connector webhooks
    # (on *.webhook.office.com) expect the simpler Card.
    legacy = urlparse(teams.hook_url).hostname.endswith(".webhook.office.com")
    card = Card() if legacy else AdaptiveCard()
    card.add_attachment(text_message="The nightly report is ready.")
    teams.get_client().post_message(payload=card.payload)


# end_asset

# start_sensor
teams_on_run_failure = make_teams_on_run_failure_sensor(
    hook_url=dg.EnvVar("TEAMS_WEBHOOK_URL").get_value(default="https://example.invalid/hook"),
    monitor_all_code_locations=False,
)
# end_sensor

defs = dg.Definitions(
    assets=[nightly_report],
    sensors=[teams_on_run_failure],
    resources={"teams": teams},
)
