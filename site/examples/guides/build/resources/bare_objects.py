"""Passing plain Python objects, such as a requests.Session, to assets as resources."""

import requests

import dagster as dg


# start_bare_object
def make_session() -> requests.Session:
    session = requests.Session()
    session.headers.update({"User-Agent": "acme-data-pipeline/1.0"})
    return session


@dg.asset
def status_page(http: dg.ResourceParam[requests.Session]) -> dg.MaterializeResult:
    # dg.ResourceParam marks the parameter as a resource, not an upstream asset.
    response = http.get("https://status.example.com/api/v2/status.json", timeout=10)
    response.raise_for_status()
    return dg.MaterializeResult(metadata={"indicator": response.json()["status"]["indicator"]})


defs = dg.Definitions(
    assets=[status_page],
    # Any object can be a resource value; Dagster passes it through unchanged.
    resources={"http": make_session()},
)
# end_bare_object


# start_bare_config
# Plain values work too: a settings dict shared by several assets.
@dg.asset
def retention_policy(settings: dg.ResourceParam[dict]) -> str:
    return f"keep data for {settings['retention_days']} days"


settings_defs = dg.Definitions(
    assets=[retention_policy],
    resources={"settings": {"retention_days": 90, "region": "eu-west-1"}},
)
# end_bare_config
