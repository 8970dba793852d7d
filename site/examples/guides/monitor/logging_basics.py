import dagster as dg


# start_context_logger
@dg.asset
def cleaned_orders(context: dg.AssetExecutionContext) -> list[dict]:
    rows = [{"id": 1, "amount": 20.0}, {"id": 2, "amount": -5.0}]
    context.log.debug(f"Read {len(rows)} raw rows")
    valid = [row for row in rows if row["amount"] >= 0]
    if len(valid) < len(rows):
        context.log.warning(f"Dropped {len(rows) - len(valid)} rows with negative amounts")
    context.log.info(f"Kept {len(valid)} rows")
    return valid


# end_context_logger


# start_op_logger
@dg.op
def notify(context: dg.OpExecutionContext) -> None:
    try:
        raise ConnectionError("mail server unreachable")
    except ConnectionError as err:
        context.log.error(f"Notification failed: {err}")


@dg.job
def notify_job():
    notify()


# end_op_logger


# start_get_dagster_logger
def parse_amount(text: str) -> float:
    # A helper outside any asset: get_dagster_logger works anywhere in a run.
    logger = dg.get_dagster_logger()
    logger.info(f"Parsing {text!r}")
    return float(text)


@dg.asset
def order_total() -> float:
    return parse_amount("12.50") + parse_amount("7.50")


# end_get_dagster_logger


defs = dg.Definitions(assets=[cleaned_orders, order_total], jobs=[notify_job])
