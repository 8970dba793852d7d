import dagster as dg
from dagster_deltalake import S3Config
from dagster_deltalake_polars import DeltaLakePolarsIOManager

# start_s3
delta_io_manager = DeltaLakePolarsIOManager(
    root_uri="s3://acme-lake/delta",
    storage_options=S3Config(
        region="us-east-1",
        access_key_id=dg.EnvVar("AWS_ACCESS_KEY_ID"),
        secret_access_key=dg.EnvVar("AWS_SECRET_ACCESS_KEY"),
    ),
)
# end_s3

defs = dg.Definitions(resources={"io_manager": delta_io_manager})
