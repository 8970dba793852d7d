import dagster as dg


# Observe a table another system writes: report its row count as the data version.
@dg.observable_source_asset(group_name="sales")
def vendor_prices():
    row_count = 128  # a real function would query the vendor's table
    return dg.ObserveResult(
        data_version=dg.DataVersion(str(row_count)), metadata={"row_count": row_count}
    )


@dg.asset(group_name="sales", deps=[vendor_prices])
def price_report() -> None: ...


@dg.asset(group_name="finance")
def ledger() -> None: ...


# Give every asset the same owner in one pass.
assets = dg.map_asset_specs(
    lambda spec: spec.replace_attributes(owners=["team:analytics"]),
    [price_report, ledger],
)

# Everything in the sales group that Dagster can materialize, plus what depends on it.
sales_job = dg.define_asset_job(
    "sales_job", selection=dg.AssetSelection.groups("sales").materializable().downstream()
)

defs = dg.Definitions(assets=[vendor_prices, *assets], jobs=[sales_job])
