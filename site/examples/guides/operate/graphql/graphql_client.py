import time

import dagster as dg
from dagster_graphql import (
    DagsterGraphQLClient,
    DagsterGraphQLClientError,
    ReloadRepositoryLocationStatus,
)


# start_connect
def make_client() -> DagsterGraphQLClient:
    # Nothing connects yet: the client opens a connection on its first call.
    return DagsterGraphQLClient("localhost", port_number=3000)


# end_connect


# start_connect_remote
def make_remote_client(token: str) -> DagsterGraphQLClient:
    return DagsterGraphQLClient(
        "dagster.example.com",
        use_https=True,
        path_prefix="/dagster",
        headers={"Authorization": f"Bearer {token}"},
        timeout=60,
    )


# end_connect_remote


# start_submit_job
def launch_report(client: DagsterGraphQLClient, region: str) -> str:
    try:
        return client.submit_job_execution(
            "regional_report_job",
            repository_location_name="analytics",
            repository_name="__repository__",
            run_config={"ops": {"regional_report": {"config": {"region": region}}}},
            tags={"triggered_by": "billing-service"},
        )
    except DagsterGraphQLClientError as err:
        raise RuntimeError(f"Could not launch the report: {err}") from err


# end_submit_job


# start_submit_assets
def refresh_assets(client: DagsterGraphQLClient) -> str:
    # Asset jobs take an asset selection; keys can be strings or dg.AssetKey.
    return client.submit_job_execution(
        "daily_refresh",
        asset_selection=["orders", dg.AssetKey(["finance", "revenue"])],
    )


# end_submit_assets


# start_wait_for_run
def wait_for_run(client: DagsterGraphQLClient, run_id: str, poll_seconds: float = 5) -> bool:
    finished = {
        dg.DagsterRunStatus.SUCCESS,
        dg.DagsterRunStatus.FAILURE,
        dg.DagsterRunStatus.CANCELED,
    }
    while (status := client.get_run_status(run_id)) not in finished:
        time.sleep(poll_seconds)
    return status == dg.DagsterRunStatus.SUCCESS


# end_wait_for_run


# start_terminate
def stop_runs(client: DagsterGraphQLClient, run_ids: list[str]) -> None:
    if len(run_ids) == 1:
        client.terminate_run(run_ids[0])
    else:
        client.terminate_runs(run_ids)


# end_terminate


# start_reload
def reload_location(client: DagsterGraphQLClient, location: str) -> None:
    info = client.reload_repository_location(location)
    if info.status != ReloadRepositoryLocationStatus.SUCCESS:
        raise RuntimeError(f"{info.failure_type}: {info.message}")


# end_reload


@dg.op(config_schema={"region": str})
def regional_report(context: dg.OpExecutionContext) -> str:
    return context.op_config["region"]


@dg.job
def regional_report_job():
    regional_report()


defs = dg.Definitions(jobs=[regional_report_job])
