import dagster as dg

# The same definitions in the pull request. Each commented change gets a label
# in the branch deployment.


# start_code_version
@dg.asset(code_version="2")  # bumped from "1" with a change to the invoice logic
def invoices() -> None: ...


# end_code_version


@dg.asset
def payments() -> None: ...


# start_dependencies
@dg.asset(deps=[payments, invoices])  # invoices is a new upstream dependency
def refunds() -> None: ...


# end_dependencies


# start_partitions
@dg.asset(
    # backfill range extended: the first partition is now 2024-09-01
    partitions_def=dg.DailyPartitionsDefinition(start_date="2024-09-01")
)
def daily_ledger() -> None: ...


# end_partitions


# start_tags
@dg.asset(tags={"domain": "billing", "contains_pii": "true"})  # new tag
def billing_accounts() -> None: ...


# end_tags


# start_metadata
@dg.asset(metadata={"max_rows_dropped": 25})  # threshold tightened from 100
def customer_balances() -> None: ...


# end_metadata


# start_new_asset
@dg.asset(deps=[customer_balances, refunds])
def overdue_accounts() -> None: ...


# end_new_asset


defs = dg.Definitions(
    assets=[
        invoices,
        payments,
        refunds,
        daily_ledger,
        billing_accounts,
        customer_balances,
        overdue_accounts,
    ]
)
