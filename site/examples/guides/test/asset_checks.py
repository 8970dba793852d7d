import dagster as dg


@dg.asset
def orders() -> list[dict]:
    return [
        {"order_id": 1, "customer_id": "c1", "amount": 30.0},
        {"order_id": 2, "customer_id": "c2", "amount": 12.5},
        {"order_id": 3, "customer_id": None, "amount": 8.0},
    ]


# start_asset_check
@dg.asset_check(asset=orders, description="Every order has an ID")
def orders_have_ids(orders: list[dict]) -> dg.AssetCheckResult:
    missing = sum(1 for row in orders if row["order_id"] is None)
    return dg.AssetCheckResult(passed=missing == 0, metadata={"missing_ids": missing})


# end_asset_check


# start_severity
@dg.asset_check(asset=orders)
def orders_have_customers(orders: list[dict]) -> dg.AssetCheckResult:
    orphans = [row["order_id"] for row in orders if row["customer_id"] is None]
    return dg.AssetCheckResult(
        passed=not orphans,
        # WARN marks a problem worth a look without treating it as an error.
        severity=dg.AssetCheckSeverity.WARN,
        metadata={"orphan_order_ids": dg.MetadataValue.json(orphans)},
        description=f"{len(orphans)} orders have no customer",
    )


# end_severity


# start_blocking
@dg.asset
def payments() -> list[float]:
    return [30.0, 12.5, 8.0]


@dg.asset_check(asset=payments, blocking=True)
def payments_are_positive(payments: list[float]) -> dg.AssetCheckResult:
    return dg.AssetCheckResult(passed=all(p > 0 for p in payments))


@dg.asset(deps=[payments])
def revenue_report() -> None:
    """Runs only when payments_are_positive passes in the same run."""


# end_blocking


# start_check_specs
@dg.asset(
    check_specs=[
        dg.AssetCheckSpec("has_rows", asset="customers"),
        dg.AssetCheckSpec("unique_ids", asset="customers", blocking=True),
    ]
)
def customers():
    rows = [{"id": "c1"}, {"id": "c2"}]
    yield dg.Output(rows)
    ids = [row["id"] for row in rows]
    yield dg.AssetCheckResult(check_name="has_rows", passed=len(rows) > 0)
    yield dg.AssetCheckResult(check_name="unique_ids", passed=len(ids) == len(set(ids)))


# end_check_specs


# start_multi_asset_check
@dg.multi_asset_check(
    specs=[
        dg.AssetCheckSpec("amount_not_null", asset=orders),
        dg.AssetCheckSpec("amount_below_limit", asset=orders),
    ]
)
def order_amount_checks(orders: list[dict]):
    amounts = [row["amount"] for row in orders]
    yield dg.AssetCheckResult(
        check_name="amount_not_null", asset_key="orders", passed=None not in amounts
    )
    yield dg.AssetCheckResult(
        check_name="amount_below_limit",
        asset_key="orders",
        passed=max(amounts) < 10_000,
        metadata={"max_amount": max(amounts)},
    )


# end_multi_asset_check


# start_builtin_factories
@dg.asset
def inventory(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
    return dg.MaterializeResult(
        metadata={
            "row_count": 1_250,
            "dagster/column_schema": dg.TableSchema(
                columns=[
                    dg.TableColumn("sku", "string"),
                    dg.TableColumn("quantity", "int"),
                ]
            ),
        }
    )


inventory_row_count_checks = dg.build_metadata_bounds_checks(
    assets=[inventory], metadata_key="row_count", min_value=1, max_value=100_000
)
inventory_schema_checks = dg.build_column_schema_change_checks(assets=[inventory])
# end_builtin_factories


# start_check_job
checks_only_job = dg.define_asset_job(
    "order_checks_job", selection=dg.AssetSelection.checks_for_assets(orders)
)
# end_check_job


defs = dg.Definitions(
    assets=[orders, payments, revenue_report, customers, inventory],
    asset_checks=[
        orders_have_ids,
        orders_have_customers,
        payments_are_positive,
        order_amount_checks,
        *inventory_row_count_checks,
        *inventory_schema_checks,
    ],
    jobs=[checks_only_job],
)
