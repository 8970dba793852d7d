import json

import dagster as dg
import obstore
from dagster_obstore.s3 import S3ObjectStore

# start_resource
s3 = S3ObjectStore(
    access_key_id=dg.EnvVar("AWS_ACCESS_KEY_ID"),
    secret_access_key=dg.EnvVar("AWS_SECRET_ACCESS_KEY"),
)
# end_resource


# start_asset
@dg.asset
def daily_export(s3: S3ObjectStore) -> dg.MaterializeResult:
    store = s3.create_store(bucket="analytics-exports")
    rows = [{"sku": "A-1", "units": 3}, {"sku": "B-7", "units": 5}]
    obstore.put(store, "exports/daily.json", json.dumps(rows).encode())
    return dg.MaterializeResult(metadata={"path": "exports/daily.json", "rows": len(rows)})


# end_asset

defs = dg.Definitions(assets=[daily_export], resources={"s3": s3})
