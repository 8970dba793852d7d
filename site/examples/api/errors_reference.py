import dagster as dg


class FlakyApiError(Exception):
    pass


def fetch_rates() -> dict:
    # Stands in for a call to a rates API that sometimes times out.
    return {"EUR": 1.0, "USD": 1.09}


@dg.asset
def exchange_rates() -> dict:
    try:
        return fetch_rates()
    except FlakyApiError as err:
        # Ask Dagster to run the step again after a pause.
        raise dg.RetryRequested(max_retries=3, seconds_to_wait=10) from err


@dg.asset
def checked_rates(exchange_rates: dict) -> dict:
    if not exchange_rates:
        # Stop the step with a message and metadata shown in the UI.
        raise dg.Failure(
            description="No exchange rates were returned.",
            metadata={"currencies": 0},
            allow_retries=False,
        )
    return exchange_rates
