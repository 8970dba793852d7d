import dagster as dg
from dagster_cloud.dagster_insights import InsightsBigQueryResource


# start_resource
@dg.asset
def daily_pageviews(bigquery: InsightsBigQueryResource) -> None:
    # Insights reads the bytes billed and slot time of each query job this client
    # runs, and records them against the daily_pageviews materialization.
    with bigquery.get_client() as client:
        client.query(
            "create or replace table analytics.daily_pageviews as "
            "select date(event_time) as day, count(*) as pageviews "
            "from raw.events where event_name = 'page_view' group by 1"
        ).result()


# end_resource

# start_definitions
defs = dg.Definitions(
    assets=[daily_pageviews],
    resources={
        "bigquery": InsightsBigQueryResource(project=dg.EnvVar("GCP_PROJECT")),
    },
)
# end_definitions
