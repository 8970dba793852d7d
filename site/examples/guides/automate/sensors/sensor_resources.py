import dagster as dg


# start_resource
class TicketingClient(dg.ConfigurableResource):
    """Client for a support ticketing API."""

    base_url: str
    api_token: str

    def list_new_ticket_ids(self, since_id: int) -> list[int]:
        # A real client would call f"{self.base_url}/tickets?since={since_id}".
        raise NotImplementedError("Needs network access")
# end_resource


# start_job
@dg.asset
def support_tickets() -> list[int]:
    return []


tickets_job = dg.define_asset_job("tickets_job", selection=[support_tickets])
# end_job


# start_sensor_with_resource
@dg.sensor(target=tickets_job)
def new_tickets_sensor(context: dg.SensorEvaluationContext, ticketing: TicketingClient):
    last_id = int(context.cursor) if context.cursor else 0
    new_ids = ticketing.list_new_ticket_ids(since_id=last_id)
    if not new_ids:
        return dg.SensorResult(skip_reason=f"No tickets after {last_id}")
    return dg.SensorResult(
        run_requests=[dg.RunRequest(run_key=f"tickets-{max(new_ids)}")],
        cursor=str(max(new_ids)),
    )
# end_sensor_with_resource


# start_definitions
defs = dg.Definitions(
    assets=[support_tickets],
    jobs=[tickets_job],
    sensors=[new_tickets_sensor],
    resources={
        "ticketing": TicketingClient(
            base_url="https://tickets.example.com/api",
            api_token=dg.EnvVar("TICKETING_API_TOKEN"),
        )
    },
)
# end_definitions
