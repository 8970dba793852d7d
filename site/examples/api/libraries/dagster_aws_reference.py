import dagster as dg
from dagster_aws.s3 import S3PickleIOManager, S3Resource

# Credentials come from the standard boto3 chain (environment variables,
# ~/.aws/config, an instance or task role); only the region is set here.
s3 = S3Resource(region_name="us-east-1")


@dg.asset
def landed_order_files(s3: S3Resource) -> list[str]:
    """The keys of the order files that arrived under the incoming/ prefix."""
    client = s3.get_client()  # a plain boto3 S3 client
    response = client.list_objects_v2(Bucket="acme-raw-orders", Prefix="incoming/")
    return sorted(item["Key"] for item in response.get("Contents", []))


@dg.asset
def order_file_count(landed_order_files: list[str]) -> int:
    # The I/O manager loaded landed_order_files from S3 before this ran.
    return len(landed_order_files)


defs = dg.Definitions(
    assets=[landed_order_files, order_file_count],
    resources={
        "s3": s3,
        # Every asset value is pickled to s3://acme-dagster-io/pipeline/<asset key>.
        "io_manager": S3PickleIOManager(
            s3_resource=s3,
            s3_bucket="acme-dagster-io",
            s3_prefix="pipeline",
        ),
    },
)
