import dagster as dg
from dagster_twilio import TwilioResource

ON_CALL_PHONE = "+15555550100"  # E.164 format
TWILIO_PHONE = "+15555550199"  # a number your Twilio account owns


@dg.asset
def late_shipments() -> list[str]:
    # A real asset would query the warehouse here.
    return ["SO-1042", "SO-1077"]


@dg.asset
def late_shipment_alert(late_shipments: list[str], twilio: TwilioResource) -> dg.MaterializeResult:
    """Text the on-call phone when shipments are late."""
    if not late_shipments:
        return dg.MaterializeResult(metadata={"sent": False})
    client = twilio.create_client()  # a twilio.rest.Client
    message = client.messages.create(
        to=ON_CALL_PHONE,
        from_=TWILIO_PHONE,
        body=f"{len(late_shipments)} late shipments: {', '.join(late_shipments)}",
    )
    return dg.MaterializeResult(metadata={"sent": True, "message_sid": message.sid})


defs = dg.Definitions(
    assets=[late_shipments, late_shipment_alert],
    resources={
        "twilio": TwilioResource(
            account_sid=dg.EnvVar("TWILIO_ACCOUNT_SID"),
            auth_token=dg.EnvVar("TWILIO_AUTH_TOKEN"),
        )
    },
)
