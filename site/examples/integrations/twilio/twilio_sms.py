import dagster as dg
from dagster_twilio.resources import TwilioResource

# start_resource
twilio = TwilioResource(
    account_sid=dg.EnvVar("TWILIO_ACCOUNT_SID"),
    auth_token=dg.EnvVar("TWILIO_AUTH_TOKEN"),
)
# end_resource


# start_asset
@dg.asset
def stock_alert(twilio: TwilioResource) -> None:
    client = twilio.create_client()
    client.messages.create(
        body="Stock for SKU 1234 is below the reorder level.",
        from_="+15550001111",
        to="+15550002222",
    )


# end_asset

defs = dg.Definitions(assets=[stock_alert], resources={"twilio": twilio})
