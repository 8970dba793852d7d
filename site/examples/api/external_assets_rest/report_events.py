"""Report events for external assets to Dagster over HTTP, from any process."""

import os

import requests

# A local `dagster dev` or dagster-webserver; for Dagster+, the deployment's URL, such as
# https://my-org.dagster.cloud/prod, and a user token in DAGSTER_CLOUD_API_TOKEN.
DAGSTER_URL = os.environ.get("DAGSTER_URL", "http://localhost:3000")


def _post(endpoint: str, asset_key: str, body: dict) -> dict:
    headers = {}
    token = os.environ.get("DAGSTER_CLOUD_API_TOKEN")
    if token:
        headers["Dagster-Cloud-Api-Token"] = token
    # Slashes in the path separate the parts of a multi-part asset key.
    response = requests.post(
        f"{DAGSTER_URL}/{endpoint}/{asset_key}", json=body, headers=headers, timeout=30
    )
    response.raise_for_status()
    return response.json()


def report_materialization(asset_key: str, row_count: int, data_version: str) -> dict:
    return _post(
        "report_asset_materialization",
        asset_key,
        {
            "metadata": {"row_count": row_count},
            "data_version": data_version,
            "description": "Loaded by the nightly billing job",
        },
    )


def report_check(asset_key: str, partition: str, row_count: int) -> dict:
    return _post(
        "report_asset_check",
        asset_key,
        {
            "check_name": "row_count_positive",
            "passed": row_count > 0,
            "severity": "WARN",
            "partition": partition,
            "metadata": {"row_count": row_count},
        },
    )


def report_observation(asset_key: str, partition: str, data_version: str) -> dict:
    return _post(
        "report_asset_observation",
        asset_key,
        {"partition": partition, "data_version": data_version},
    )


if __name__ == "__main__":
    report_materialization("warehouse/billing", row_count=1200, data_version="2026-11-23")
    report_check("daily_orders", partition="2026-11-22", row_count=431)
    report_observation("daily_orders", partition="2026-11-22", data_version="v431")
