"""External assets: declare data that another system produces, and report its events to Dagster."""

import json
from pathlib import Path

import dagster as dg


# start_external_specs
# Files that a vendor uploads every night. Dagster does not produce them.
vendor_invoices = dg.AssetSpec(
    key=["vendor", "invoices"],
    description="Invoice export uploaded by the billing vendor.",
    group_name="vendor",
    owners=["team:finance"],
    kinds={"csv"},
    metadata={"location": "sftp://billing.example.com/exports/invoices.csv"},
)

# A table an external ELT tool loads from the invoices file.
billing_table = dg.AssetSpec(
    key=["warehouse", "billing"],
    deps=[vendor_invoices],
    group_name="vendor",
    kinds={"snowflake"},
)
# end_external_specs


# start_downstream_asset
@dg.asset(deps=[billing_table], group_name="finance")
def overdue_invoices() -> dg.MaterializeResult:
    # In a real pipeline this would query the billing table.
    overdue = 3
    return dg.MaterializeResult(metadata={"overdue": overdue})


# end_downstream_asset


# start_sensor
LANDING_DIR = Path("landing")


@dg.sensor(minimum_interval_seconds=60)
def invoice_file_sensor(context: dg.SensorEvaluationContext) -> dg.SensorResult:
    """Report a materialization of vendor/invoices whenever a new manifest appears."""
    last_seen = float(context.cursor) if context.cursor else 0.0
    events = []
    newest = last_seen
    for manifest in sorted(LANDING_DIR.glob("invoices_*.json")):
        modified = manifest.stat().st_mtime
        if modified <= last_seen:
            continue
        details = json.loads(manifest.read_text())
        events.append(
            dg.AssetMaterialization(
                asset_key=vendor_invoices.key,
                description=f"Detected {manifest.name}",
                metadata={
                    "dagster/row_count": details["rows"],
                    "file": dg.MetadataValue.path(str(manifest)),
                },
            )
        )
        newest = max(newest, modified)
    if not events:
        return dg.SensorResult(skip_reason="No new invoice files")
    return dg.SensorResult(asset_events=events, cursor=str(newest))


# end_sensor


# start_definitions
defs = dg.Definitions(
    assets=[vendor_invoices, billing_table, overdue_invoices],
    sensors=[invoice_file_sensor],
)
# end_definitions
