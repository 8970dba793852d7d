"""Keep asset values in Google Cloud Storage."""

import dagster as dg
from dagster_gcp import GCSPickleIOManager, GCSResource


@dg.asset
def page_views() -> list[int]:
    return [120, 98, 143]


@dg.asset
def total_page_views(page_views: list[int]) -> int:
    return sum(page_views)


# start_io_manager
defs = dg.Definitions(
    assets=[page_views, total_page_views],
    resources={
        "io_manager": GCSPickleIOManager(
            gcs=GCSResource(project=dg.EnvVar("GCP_PROJECT")),
            gcs_bucket=dg.EnvVar("DAGSTER_IO_BUCKET"),
            gcs_prefix="io",
        ),
    },
)
# end_io_manager
