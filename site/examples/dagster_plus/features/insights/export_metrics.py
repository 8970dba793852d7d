# start_export
import datetime
import os

import requests

# Dagster+ GraphQL API of one deployment, for example https://example-org.dagster.cloud/prod/graphql
GRAPHQL_URL = "https://{organization}.dagster.cloud/{deployment}/graphql"

ASSET_METRICS_QUERY = """
query AssetMetrics($metricName: String!, $after: Float!, $before: Float!) {
  reportingMetricsByAsset(
    metricsSelector: {
      metricName: $metricName
      after: $after
      before: $before
      granularity: DAILY
    }
  ) {
    __typename
    ... on ReportingMetrics {
      timestamps
      metrics {
        values
        entity {
          ... on ReportingAsset {
            assetKey { path }
          }
        }
      }
    }
  }
}
"""


def fetch_daily_asset_metric(
    session: requests.Session,
    organization: str,
    deployment: str,
    token: str,
    metric_name: str,
    start: datetime.datetime,
    end: datetime.datetime,
) -> dict[str, list[float | None]]:
    """Return {asset key: one value per day} for a metric such as __dagster_dagster_credits."""
    response = session.post(
        GRAPHQL_URL.format(organization=organization, deployment=deployment),
        json={
            "query": ASSET_METRICS_QUERY,
            "variables": {
                "metricName": metric_name,
                "after": start.timestamp(),
                "before": end.timestamp(),
            },
        },
        headers={"Dagster-Cloud-Api-Token": token},
        timeout=60,
    )
    response.raise_for_status()
    result = response.json()["data"]["reportingMetricsByAsset"]
    if result["__typename"] != "ReportingMetrics":
        raise RuntimeError(f"Insights query failed: {result}")
    return {
        "/".join(series["entity"]["assetKey"]["path"]): series["values"]
        for series in result["metrics"]
    }


if __name__ == "__main__":
    credits_by_asset = fetch_daily_asset_metric(
        requests.Session(),
        organization="example-org",
        deployment="prod",
        token=os.environ["DAGSTER_CLOUD_API_TOKEN"],
        metric_name="__dagster_dagster_credits",
        start=datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc),
        end=datetime.datetime(2025, 2, 1, tzinfo=datetime.timezone.utc),
    )
    for asset_key, daily_values in credits_by_asset.items():
        print(asset_key, sum(value or 0 for value in daily_values))
# end_export
