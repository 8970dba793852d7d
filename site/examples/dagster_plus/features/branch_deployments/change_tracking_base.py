import dagster as dg

# The definitions in the base deployment (prod), before the pull request.


@dg.asset(code_version="v1")
def customers() -> None: ...


@dg.asset
def orders() -> None: ...


@dg.asset(deps=[orders])
def returns() -> None: ...


@dg.asset(partitions_def=dg.WeeklyPartitionsDefinition(start_date="2024-01-01"))
def weekly_orders() -> None: ...


@dg.asset(tags={"section": "produce"})
def fruits_in_stock() -> None: ...


@dg.asset(metadata={"expected_columns": ["sku", "price", "supplier"]})
def products() -> None: ...


defs = dg.Definitions(
    assets=[customers, orders, returns, weekly_orders, fruits_in_stock, products]
)
