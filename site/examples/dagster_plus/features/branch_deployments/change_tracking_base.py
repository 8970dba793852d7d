import dagster as dg

# The definitions in the base deployment (prod), before the pull request.


@dg.asset(code_version="1")
def invoices() -> None: ...


@dg.asset
def payments() -> None: ...


@dg.asset(deps=[payments])
def refunds() -> None: ...


@dg.asset(partitions_def=dg.DailyPartitionsDefinition(start_date="2025-03-01"))
def daily_ledger() -> None: ...


@dg.asset(tags={"domain": "billing"})
def billing_accounts() -> None: ...


@dg.asset(metadata={"max_rows_dropped": 100})
def customer_balances() -> None: ...


defs = dg.Definitions(
    assets=[invoices, payments, refunds, daily_ledger, billing_accounts, customer_balances]
)
