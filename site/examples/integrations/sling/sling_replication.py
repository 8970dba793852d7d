from pathlib import Path

import dagster as dg
from dagster_sling import SlingConnectionResource, SlingResource, sling_assets

DATA_DIR = Path(__file__).parent

# start_resource
sling = SlingResource(
    connections=[
        # Local files need no connection entry: Sling's built-in LOCAL connection reads them.
        SlingConnectionResource(
            name="WAREHOUSE",
            type="duckdb",
            instance=dg.EnvVar("DUCKDB_DATABASE"),
        ),
    ]
)
# end_resource

# start_replication
TABLES = ["orders", "customers"]
replication_config = {
    "source": "LOCAL",
    "target": "WAREHOUSE",
    "defaults": {"mode": "full-refresh"},
    "streams": {
        f"file://{DATA_DIR / name}.csv": {
            "object": f"raw.{name}",
            # Name the asset after the table, and its upstream after the landing file.
            "meta": {"dagster": {"asset_key": f"raw_{name}", "deps": f"landing_{name}_csv"}},
        }
        for name in TABLES
    },
}

# The CSV files are external assets: Dagster shows them but does not build them.
landing_files = [dg.AssetSpec(f"landing_{name}_csv", kinds={"csv"}) for name in TABLES]
# end_replication


# start_assets
@sling_assets(replication_config=replication_config)
def raw_files(context: dg.AssetExecutionContext, sling: SlingResource):
    # replicate() runs the sling binary and yields one materialization per stream.
    yield from sling.replicate(context=context)


# end_assets

# start_definitions
defs = dg.Definitions(assets=[*landing_files, raw_files], resources={"sling": sling})
# end_definitions
