import dagster as dg

# An external table that Dagster does not materialize, declared by its spec.
raw_orders = dg.AssetSpec(
    key=dg.AssetKey(["warehouse", "raw_orders"]),
    description="Orders as the shop's database exports them.",
    group_name="sales",
    owners=["team:data-eng"],
    kinds={"postgres"},
)


@dg.asset(
    group_name="sales",
    deps=[dg.AssetDep(raw_orders)],
    tags={"tier": "gold"},
    code_version="1",
)
def cleaned_orders() -> dg.MaterializeResult:
    rows = 42  # a real asset would read raw_orders and write its cleaned copy
    return dg.MaterializeResult(metadata={"row_count": rows})


@dg.asset(
    group_name="sales",
    ins={"orders": dg.AssetIn(key=dg.AssetKey("order_totals_source"))},
)
def order_totals(orders: list[int]) -> int:
    return sum(orders)


@dg.asset(key=dg.AssetKey("order_totals_source"), group_name="sales")
def order_totals_source() -> list[int]:
    return [10, 20, 12]


defs = dg.Definitions(assets=[raw_orders, cleaned_orders, order_totals_source, order_totals])
