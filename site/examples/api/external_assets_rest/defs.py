import dagster as dg

# Assets that another system produces: Dagster records their events but never runs them.
billing = dg.AssetSpec(key=["warehouse", "billing"], description="Loaded by the billing ETL.")
daily_orders = dg.AssetSpec(
    key="daily_orders",
    partitions_def=dg.DailyPartitionsDefinition(start_date="2026-01-01"),
)

defs = dg.Definitions(assets=[billing, daily_orders])
