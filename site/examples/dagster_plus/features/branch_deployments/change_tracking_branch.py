import dagster as dg

# The same definitions in the pull request. Each commented change gets a label
# in the branch deployment.


# start_code_version
@dg.asset(code_version="v2")  # was "v1"
def customers() -> None: ...


# end_code_version


@dg.asset
def orders() -> None: ...


# start_dependencies
@dg.asset(deps=[orders, customers])  # customers is a new upstream dependency
def returns() -> None: ...


# end_dependencies


# start_partitions
@dg.asset(
    # start date moved one year earlier
    partitions_def=dg.WeeklyPartitionsDefinition(start_date="2023-01-01")
)
def weekly_orders() -> None: ...


# end_partitions


# start_tags
@dg.asset(tags={"section": "produce", "type": "perishable"})  # new tag
def fruits_in_stock() -> None: ...


# end_tags


# start_metadata
@dg.asset(metadata={"expected_columns": ["sku", "price", "supplier", "backstock"]})
def products() -> None: ...


# end_metadata


# start_new_asset
@dg.asset(deps=[products])
def product_margins() -> None: ...


# end_new_asset


defs = dg.Definitions(
    assets=[
        customers,
        orders,
        returns,
        weekly_orders,
        fruits_in_stock,
        products,
        product_margins,
    ]
)
