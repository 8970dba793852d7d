import dagster as dg


# start_numeric_metadata
@dg.asset
def cleaned_orders(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
    rows = [{"id": 1, "amount": 20.0}, {"id": 2, "amount": 35.5}, {"id": 3, "amount": 0.0}]
    kept = [row for row in rows if row["amount"] > 0]
    # Numeric values under the same key on many assets become one Insights metric.
    return dg.MaterializeResult(
        metadata={
            "rows_processed": dg.MetadataValue.int(len(rows)),
            "rows_dropped": dg.MetadataValue.int(len(rows) - len(kept)),
        }
    )


@dg.asset
def cleaned_customers() -> dg.MaterializeResult:
    rows = [{"id": 10}, {"id": 11}]
    return dg.MaterializeResult(
        metadata={"rows_processed": len(rows), "rows_dropped": 0}
    )


# end_numeric_metadata

defs = dg.Definitions(assets=[cleaned_orders, cleaned_customers])
