"""Report a materialization of an external asset from a Python script with the Dagster instance."""

import dagster as dg


# start_report_from_instance
def report_billing_load(instance: dg.DagsterInstance, rows_loaded: int) -> None:
    instance.report_runless_asset_event(
        dg.AssetMaterialization(
            asset_key=["warehouse", "billing"],
            metadata={"dagster/row_count": rows_loaded, "loaded_by": "elt-tool"},
        )
    )


if __name__ == "__main__":
    # DagsterInstance.get() reads the instance that DAGSTER_HOME points to.
    report_billing_load(dg.DagsterInstance.get(), rows_loaded=1250)
# end_report_from_instance
