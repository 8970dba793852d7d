import dagster as dg
from dagster_aws.athena import AthenaClientResource


# start_asset
@dg.asset
def daily_page_views(athena: AthenaClientResource) -> dg.MaterializeResult:
    # get_client() returns an AthenaClient: each call starts a query execution
    # in the workgroup and polls until it finishes.
    client = athena.get_client()
    client.execute_query("DROP TABLE IF EXISTS analytics.daily_page_views")
    client.execute_query(
        """
        CREATE TABLE analytics.daily_page_views
        WITH (format = 'PARQUET') AS
        SELECT date(event_time) AS day, count(*) AS views
        FROM analytics.page_events
        GROUP BY date(event_time)
        """
    )
    # With fetch_results=True the rows come back as tuples of strings.
    rows = client.execute_query(
        "SELECT count(*), sum(views) FROM analytics.daily_page_views",
        fetch_results=True,
    )
    days, views = rows[0]
    return dg.MaterializeResult(metadata={"days": int(days), "views": int(views)})


# end_asset


# start_definitions
defs = dg.Definitions(
    assets=[daily_page_views],
    resources={
        "athena": AthenaClientResource(
            workgroup="analytics",
            # Check every 2 seconds, for at most 15 minutes.
            polling_interval=2,
            max_polls=450,
        ),
    },
)
# end_definitions
