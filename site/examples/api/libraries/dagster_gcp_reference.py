import dagster as dg
from dagster_gcp import BigQueryResource, GCSPickleIOManager, GCSResource


@dg.asset
def daily_signups(bigquery: BigQueryResource) -> list[dict]:
    # The client is a google.cloud.bigquery.Client for the resource's project and location.
    with bigquery.get_client() as client:
        job = client.query(
            "select signup_date, count(*) as signups "
            "from `analytics.users` group by signup_date order by signup_date"
        )
        return [dict(row.items()) for row in job.result()]


# Loaded from the pickle that the GCS I/O manager wrote for daily_signups.
@dg.asset
def signup_summary(daily_signups: list[dict]) -> dict:
    return {"days": len(daily_signups), "total": sum(r["signups"] for r in daily_signups)}


defs = dg.Definitions(
    assets=[daily_signups, signup_summary],
    resources={
        "bigquery": BigQueryResource(project=dg.EnvVar("GCP_PROJECT"), location="EU"),
        "io_manager": GCSPickleIOManager(
            gcs=GCSResource(project=dg.EnvVar("GCP_PROJECT")),
            gcs_bucket="acme-dagster-io",
            gcs_prefix="assets",
        ),
    },
)
