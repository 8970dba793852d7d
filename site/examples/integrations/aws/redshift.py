import dagster as dg
from dagster_aws.redshift import RedshiftClientResource


# start_asset
@dg.asset
def orders_table(redshift: RedshiftClientResource) -> dg.MaterializeResult:
    client = redshift.get_client()
    # execute_queries runs the statements on one connection and commits once,
    # so readers never see the table empty.
    client.execute_queries(
        [
            "DELETE FROM analytics.orders",
            "COPY analytics.orders FROM 's3://acme-raw/orders/' "
            "IAM_ROLE default FORMAT AS PARQUET",
        ]
    )
    rows = client.execute_query("SELECT count(*) FROM analytics.orders", fetch_results=True)
    return dg.MaterializeResult(metadata={"row_count": rows[0][0]})


# end_asset


# start_definitions
defs = dg.Definitions(
    assets=[orders_table],
    resources={
        "redshift": RedshiftClientResource(
            host="analytics.abc123xyz789.us-east-1.redshift.amazonaws.com",
            port=5439,
            user="dagster",
            password=dg.EnvVar("REDSHIFT_PASSWORD"),
            database="analytics",
        ),
    },
)
# end_definitions
