"""Ways to define assets: the decorator, its attributes, multi-assets and graph-backed assets."""

import dagster as dg


# start_basic_asset
@dg.asset
def daily_orders() -> list[dict]:
    """Orders placed today, as a list of rows."""
    return [
        {"order_id": 1, "customer": "acme", "amount": 120.0},
        {"order_id": 2, "customer": "globex", "amount": 75.5},
        {"order_id": 3, "customer": "acme", "amount": 30.0},
    ]


# end_basic_asset


# start_asset_attributes
@dg.asset(
    key_prefix=["finance"],
    group_name="finance",
    description="Revenue per customer, summed from today's orders.",
    code_version="1",
    owners=["team:finance", "ana@example.com"],
    kinds={"python"},
    tags={"domain": "sales"},
    metadata={"currency": "USD"},
)
def revenue_by_customer(daily_orders: list[dict]) -> dict[str, float]:
    totals: dict[str, float] = {}
    for row in daily_orders:
        totals[row["customer"]] = totals.get(row["customer"], 0.0) + row["amount"]
    return totals


# end_asset_attributes


# start_explicit_key
@dg.asset(
    key=["finance", "reports", "top_customer"],
    group_name="finance",
    ins={"revenue_by_customer": dg.AssetIn(key_prefix=["finance"])},
)
def top_customer(
    context: dg.AssetExecutionContext, revenue_by_customer: dict[str, float]
) -> str:
    best = max(revenue_by_customer, key=lambda name: revenue_by_customer[name])
    context.log.info(f"Top customer today: {best}")
    return best


# end_explicit_key


# start_multi_asset
@dg.multi_asset(
    specs=[
        dg.AssetSpec("crm_accounts", group_name="crm", kinds={"python"}),
        dg.AssetSpec("crm_contacts", group_name="crm", kinds={"python"}),
    ]
)
def crm_export(context: dg.AssetExecutionContext):
    # A single call to the source system refreshes both tables.
    accounts = [{"id": 1, "name": "acme"}, {"id": 2, "name": "globex"}]
    contacts = [{"account_id": 1, "email": "ops@acme.test"}]
    context.log.info("Exported CRM tables")
    yield dg.MaterializeResult(
        asset_key="crm_accounts", metadata={"row_count": len(accounts)}
    )
    yield dg.MaterializeResult(
        asset_key="crm_contacts", metadata={"row_count": len(contacts)}
    )


# end_multi_asset


# start_multi_asset_outs
@dg.multi_asset(
    outs={
        "small_orders": dg.AssetOut(group_name="sales"),
        "large_orders": dg.AssetOut(group_name="sales"),
    }
)
def split_orders(daily_orders: list[dict]) -> tuple[list[dict], list[dict]]:
    small = [row for row in daily_orders if row["amount"] < 100]
    large = [row for row in daily_orders if row["amount"] >= 100]
    # One value per output, in the order the outs are declared.
    return small, large


# end_multi_asset_outs


# start_graph_asset
@dg.op
def fetch_exchange_rates() -> dict[str, float]:
    return {"EUR": 0.92, "GBP": 0.79, "JPY": 151.3}


@dg.op
def keep_major_currencies(rates: dict[str, float]) -> dict[str, float]:
    return {code: rate for code, rate in rates.items() if code in {"EUR", "GBP"}}


@dg.graph_asset(group_name="finance")
def exchange_rates():
    return keep_major_currencies(fetch_exchange_rates())


# end_graph_asset


# start_definitions
defs = dg.Definitions(
    assets=[
        daily_orders,
        revenue_by_customer,
        top_customer,
        crm_export,
        split_orders,
        exchange_rates,
    ]
)
# end_definitions
