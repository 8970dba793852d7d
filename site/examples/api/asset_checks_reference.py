import dagster as dg


@dg.asset
def orders() -> dg.MaterializeResult:
    rows = [{"id": 1, "amount": 30}, {"id": 2, "amount": 12}]
    return dg.MaterializeResult(metadata={"dagster/row_count": len(rows)})


# A check in its own function: it runs after the asset and reads what it needs.
@dg.asset_check(asset=orders, blocking=True, description="Order ids are unique.")
def orders_have_unique_ids() -> dg.AssetCheckResult:
    ids = [1, 2]  # a real check would query the stored table
    duplicates = len(ids) - len(set(ids))
    return dg.AssetCheckResult(passed=duplicates == 0, metadata={"duplicates": duplicates})


# Checks that the asset function evaluates itself, declared with specs.
@dg.asset(
    check_specs=[
        dg.AssetCheckSpec("no_negative_amounts", asset="refunds"),
        dg.AssetCheckSpec("has_rows", asset="refunds"),
    ]
)
def refunds():
    amounts = [5, 7]
    yield dg.Output(amounts)
    yield dg.AssetCheckResult(
        check_name="no_negative_amounts", passed=all(a >= 0 for a in amounts)
    )
    yield dg.AssetCheckResult(
        check_name="has_rows",
        passed=len(amounts) > 0,
        severity=dg.AssetCheckSeverity.WARN,
    )


# Several checks computed together in one function.
@dg.multi_asset_check(
    specs=[
        dg.AssetCheckSpec("amounts_below_limit", asset=orders),
        dg.AssetCheckSpec("amounts_below_limit", asset=refunds),
    ]
)
def amount_limits():
    for key in (dg.AssetKey("orders"), dg.AssetKey("refunds")):
        yield dg.AssetCheckResult(asset_key=key, check_name="amounts_below_limit", passed=True)


# A ready-made check from a factory: passes while the row count is at least 1.
row_count_checks = dg.build_metadata_bounds_checks(
    assets=[orders], metadata_key="dagster/row_count", min_value=1
)

defs = dg.Definitions(
    assets=[orders, refunds],
    asset_checks=[orders_have_unique_ids, amount_limits, *row_count_checks],
)
