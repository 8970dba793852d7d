import dagster as dg

# The table is loaded by a tool outside Dagster; Dagster only shows it.
raw_orders = dg.AssetSpec(
    key="raw_orders",
    description="Loaded nightly by the warehouse's own loader.",
)


# start_report
def report_nightly_load(instance: dg.DagsterInstance, row_count: int) -> None:
    # The loader finished: record a materialization with what it wrote.
    instance.report_runless_asset_event(
        dg.AssetMaterialization(asset_key="raw_orders", metadata={"row_count": row_count})
    )
    # Record the outcome of a check that the loader ran itself: the asset key and
    # the check name together identify the check.
    instance.report_runless_asset_event(
        dg.AssetCheckEvaluation(
            asset_key=dg.AssetKey("raw_orders"),
            check_name="not_empty",
            passed=row_count > 0,
            metadata={"row_count": row_count},
        )
    )


def report_seen(instance: dg.DagsterInstance, checksum: str) -> None:
    # Nothing was written, but the current state was looked at.
    instance.report_runless_asset_event(
        dg.AssetObservation(asset_key="raw_orders", metadata={"checksum": checksum})
    )
# end_report


defs = dg.Definitions(assets=[raw_orders])
