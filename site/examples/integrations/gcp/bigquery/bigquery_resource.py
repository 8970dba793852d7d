import dagster as dg
from dagster_gcp import BigQueryResource


# start_asset
@dg.asset(kinds={"bigquery"})
def daily_signups(bigquery: BigQueryResource) -> dg.MaterializeResult:
    """Rebuild a summary table with SQL that runs inside BigQuery."""
    with bigquery.get_client() as client:
        job = client.query(
            """
            create or replace table analytics.daily_signups as
            select date(created_at) as day, count(*) as signups
            from raw.users
            group by day
            """
        )
        job.result()  # wait for the query to finish
    return dg.MaterializeResult(metadata={"job_id": job.job_id})


# end_asset

# start_definitions
defs = dg.Definitions(
    assets=[daily_signups],
    resources={
        "bigquery": BigQueryResource(
            project=dg.EnvVar("GCP_PROJECT"),
            location="EU",
        )
    },
)
# end_definitions
