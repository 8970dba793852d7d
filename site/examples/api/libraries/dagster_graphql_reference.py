import os
import time

import dagster as dg
from dagster_graphql import (
    DagsterGraphQLClient,
    DagsterGraphQLClientError,
    ReloadRepositoryLocationStatus,
)


# The job another system starts through the GraphQL API.
class RefreshConfig(dg.Config):
    region: str = "eu"


@dg.op
def refresh_prices(context: dg.OpExecutionContext, config: RefreshConfig) -> None:
    context.log.info(f"Refreshing prices for {config.region}")


@dg.job
def refresh_prices_job():
    refresh_prices()


# start_client
def make_client() -> DagsterGraphQLClient:
    # For Dagster+, use "<org>.dagster.cloud/<deployment>" style hosts with
    # use_https=True and a user token in the Dagster-Cloud-Api-Token header.
    return DagsterGraphQLClient(
        os.getenv("DAGSTER_HOST", "localhost"),
        port_number=3000,
        timeout=60,
    )


FINISHED = {
    dg.DagsterRunStatus.SUCCESS,
    dg.DagsterRunStatus.FAILURE,
    dg.DagsterRunStatus.CANCELED,
}


def refresh_and_wait(
    client: DagsterGraphQLClient, region: str, poll_seconds: float = 5.0
) -> dg.DagsterRunStatus:
    try:
        run_id = client.submit_job_execution(
            "refresh_prices_job",
            run_config={"ops": {"refresh_prices": {"config": {"region": region}}}},
            tags={"triggered_by": "price-feed"},
        )
    except DagsterGraphQLClientError as error:
        # error.args[0] names the GraphQL error type, such as "JobNotFoundError".
        raise RuntimeError(f"Could not start the refresh: {error}") from error
    while (status := client.get_run_status(run_id)) not in FINISHED:
        time.sleep(poll_seconds)
    return status


def reload_code_location(client: DagsterGraphQLClient, name: str) -> None:
    info = client.reload_repository_location(name)
    if info.status != ReloadRepositoryLocationStatus.SUCCESS:
        raise RuntimeError(f"Reload of {name} failed ({info.failure_type}): {info.message}")


# end_client

defs = dg.Definitions(jobs=[refresh_prices_job])
