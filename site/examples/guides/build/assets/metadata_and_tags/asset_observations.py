"""Recording asset observations: metadata about an asset without materializing it."""

import os
from pathlib import Path

import dagster as dg

EXPORT_FILE = Path("exports/customers.csv")


# start_observable_source_asset
@dg.observable_source_asset(group_name="exports")
def customer_export() -> dg.ObserveResult:
    """A file another team writes. Dagster only looks at it."""
    if not EXPORT_FILE.exists():
        return dg.ObserveResult(metadata={"exists": False})
    stat = EXPORT_FILE.stat()
    line_count = len(EXPORT_FILE.read_text().splitlines())
    return dg.ObserveResult(
        metadata={
            "exists": True,
            "size_bytes": stat.st_size,
            "dagster/row_count": max(line_count - 1, 0),
        },
        data_version=dg.DataVersion(str(int(stat.st_mtime))),
    )


# end_observable_source_asset


# start_observation_in_asset
@dg.asset(group_name="exports")
def customer_snapshot(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
    rows = [{"id": 1}, {"id": 2}]
    # Record a fact about another asset while this one materializes.
    context.log_event(
        dg.AssetObservation(
            asset_key=customer_export.key,
            metadata={"read_by": "customer_snapshot", "rows_read": len(rows)},
        )
    )
    return dg.MaterializeResult(metadata={"dagster/row_count": len(rows)})


# end_observation_in_asset


# start_observe_job
observe_exports_job = dg.define_asset_job(
    "observe_exports_job", selection=[customer_export]
)
# end_observe_job


# start_report_observation
def report_disk_usage(instance: dg.DagsterInstance) -> None:
    """Send an observation from outside any run, for example from a cron script."""
    usage = os.path.getsize(EXPORT_FILE) if EXPORT_FILE.exists() else 0
    instance.report_runless_asset_event(
        dg.AssetObservation(
            asset_key=customer_export.key, metadata={"size_bytes": usage}
        )
    )


# end_report_observation


# start_definitions
defs = dg.Definitions(
    assets=[customer_export, customer_snapshot], jobs=[observe_exports_job]
)
# end_definitions
