"""Kind tags: label assets with the technologies they use."""

import dagster as dg


# start_asset_kinds
@dg.asset(kinds={"python", "pandas"})
def cleaned_leads() -> None: ...


@dg.asset(deps=[cleaned_leads], kinds={"snowflake", "sql"})
def lead_scores() -> None: ...


# end_asset_kinds


# start_multi_asset_kinds
@dg.multi_asset(
    specs=[
        dg.AssetSpec("ad_spend", kinds={"bigquery"}),
        dg.AssetSpec("ad_clicks", kinds={"bigquery"}),
    ]
)
def ads_sync():
    yield dg.MaterializeResult(asset_key="ad_spend")
    yield dg.MaterializeResult(asset_key="ad_clicks")


# end_multi_asset_kinds


# start_spec_kinds
marketing_sheet = dg.AssetSpec(
    "marketing_sheet", kinds={"googlesheets"}, description="Maintained by hand."
)
# end_spec_kinds


# start_kind_job
snowflake_job = dg.define_asset_job("snowflake_job", selection="kind:snowflake")
# end_kind_job


# start_definitions
defs = dg.Definitions(
    assets=[cleaned_leads, lead_scores, ads_sync, marketing_sheet],
    jobs=[snowflake_job],
)
# end_definitions
