import dagster as dg
from dagster_aws.s3 import S3PickleIOManager, S3Resource


@dg.asset
def customer_contacts() -> list[dict]:
    # Personal data: it must not be stored in Dagster+ managed storage.
    return [{"id": 1, "email": "ada@example.com"}]


@dg.asset
def contact_count(customer_contacts: list[dict]) -> int:
    return len(customer_contacts)


# start_io_manager
# Replace the default I/O manager: asset outputs go to your own bucket.
defs = dg.Definitions(
    assets=[customer_contacts, contact_count],
    resources={
        "io_manager": S3PickleIOManager(
            s3_resource=S3Resource(region_name="us-east-1"),
            s3_bucket="acme-dagster-io",
            s3_prefix="serverless",
        ),
    },
)
# end_io_manager
