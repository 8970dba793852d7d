import dagster as dg
from dagster_cloud.dagster_insights import InsightsBigQueryResource


# start_resource
@dg.asset
def daily_pageviews(bigquery: InsightsBigQueryResource) -> None:
    # When this block ends, the resource adds up the bytes billed and slot time of
    # the query jobs run through the client and records them on daily_pageviews.
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
