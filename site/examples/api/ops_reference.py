import dagster as dg


@dg.op(
    ins={"raw": dg.In(list, description="Order amounts in cents.")},
    out={
        "valid": dg.Out(list, description="Amounts above zero."),
        "rejected": dg.Out(int, description="How many amounts were dropped."),
    },
    tags={"team": "sales"},
)
def split_orders(context: dg.OpExecutionContext, raw: list):
    valid = [amount for amount in raw if amount > 0]
    context.log.info(f"kept {len(valid)} of {len(raw)} orders")
    yield dg.Output(valid, output_name="valid", metadata={"count": len(valid)})
    yield dg.Output(len(raw) - len(valid), output_name="rejected")


@dg.op
def load_orders() -> list:
    return [1200, -5, 300, 0]


@dg.op
def total(valid: list) -> int:
    return sum(valid)


@dg.job
def orders_job():
    valid, _rejected = split_orders(load_orders())
    total(valid)


# One function that materializes two assets, each declared by an AssetOut.
@dg.multi_asset(
    outs={
        "customers": dg.AssetOut(group_name="crm", description="Customer rows."),
        "customer_count": dg.AssetOut(group_name="crm", io_manager_key="io_manager"),
    }
)
def crm_tables():
    rows = [{"id": 1}, {"id": 2}]
    yield dg.Output(rows, output_name="customers")
    yield dg.Output(len(rows), output_name="customer_count")


defs = dg.Definitions(jobs=[orders_job], assets=[crm_tables])
