import json

import dagster as dg
from dagster_gcp import GCSPickleIOManager, GCSResource


# start_assets
@dg.asset
def regions() -> dict[str, float]:
    """Pickled by the I/O manager to gs://acme-dagster/assets/regions."""
    return {"emea": 162.0, "amer": 80.5}


@dg.asset
def regions_report(gcs: GCSResource, regions: dict[str, float]) -> dg.MaterializeResult:
    """Write a JSON file with the GCS client yourself."""
    blob = gcs.get_client().bucket("acme-reports").blob("regions/latest.json")
    blob.upload_from_string(json.dumps(regions), content_type="application/json")
    return dg.MaterializeResult(metadata={"uri": f"gs://acme-reports/{blob.name}"})


# end_assets

# start_definitions
gcs = GCSResource(project=dg.EnvVar("GCP_PROJECT"))

defs = dg.Definitions(
    assets=[regions, regions_report],
    resources={
        "gcs": gcs,
        "io_manager": GCSPickleIOManager(gcs=gcs, gcs_bucket="acme-dagster", gcs_prefix="assets"),
    },
)
# end_definitions
