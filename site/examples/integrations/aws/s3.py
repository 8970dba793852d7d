import csv
import io

import dagster as dg
from dagster_aws.s3 import S3FileManagerResource, S3PickleIOManager, S3Resource

# The bucket that holds the raw export, the stored asset values and the reports.
BUCKET = "acme-analytics"
RAW_ORDERS_KEY = "raw/orders.csv"


# start_s3_resource
@dg.asset
def raw_orders(s3: S3Resource) -> dg.MaterializeResult:
    rows = [
        {"order_id": 1, "customer": "alice", "amount": 42.5},
        {"order_id": 2, "customer": "bob", "amount": 17.0},
        {"order_id": 3, "customer": "alice", "amount": 8.25},
    ]
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=["order_id", "customer", "amount"])
    writer.writeheader()
    writer.writerows(rows)

    # get_client() returns a plain boto3 S3 client.
    s3.get_client().put_object(
        Bucket=BUCKET,
        Key=RAW_ORDERS_KEY,
        Body=buffer.getvalue().encode("utf-8"),
    )
    return dg.MaterializeResult(
        metadata={
            "uri": dg.MetadataValue.path(f"s3://{BUCKET}/{RAW_ORDERS_KEY}"),
            "rows": len(rows),
        }
    )


# end_s3_resource


# start_io_manager
@dg.asset(deps=[raw_orders])
def order_totals(s3: S3Resource) -> dict[str, float]:
    response = s3.get_client().get_object(Bucket=BUCKET, Key=RAW_ORDERS_KEY)
    text = response["Body"].read().decode("utf-8")
    totals: dict[str, float] = {}
    for row in csv.DictReader(io.StringIO(text)):
        totals[row["customer"]] = totals.get(row["customer"], 0.0) + float(row["amount"])
    # The returned dict is pickled to S3 by the I/O manager.
    return totals


@dg.asset
def top_customer(order_totals: dict[str, float]) -> str:
    # The I/O manager loads order_totals back from S3 before this runs.
    return max(order_totals, key=lambda customer: order_totals[customer])


# end_io_manager


# start_file_manager
@dg.asset
def totals_report(
    file_manager: S3FileManagerResource, order_totals: dict[str, float]
) -> dg.MaterializeResult:
    lines = [f"{customer},{total:.2f}" for customer, total in sorted(order_totals.items())]
    # write_data stores the bytes under a unique key and returns an S3FileHandle.
    handle = file_manager.get_client().write_data(
        "\n".join(lines).encode("utf-8"), ext="csv"
    )
    return dg.MaterializeResult(metadata={"report": dg.MetadataValue.path(handle.s3_path)})


# end_file_manager


# start_definitions
s3_resource = S3Resource(region_name="us-east-1")

defs = dg.Definitions(
    assets=[raw_orders, order_totals, top_customer, totals_report],
    resources={
        "s3": s3_resource,
        # Stores every asset's return value as a pickle under s3://acme-analytics/dagster/storage/.
        "io_manager": S3PickleIOManager(
            s3_resource=s3_resource,
            s3_bucket=BUCKET,
            s3_prefix="dagster/storage",
        ),
        "file_manager": S3FileManagerResource(
            region_name="us-east-1",
            s3_bucket=BUCKET,
            s3_prefix="reports",
        ),
    },
)
# end_definitions
