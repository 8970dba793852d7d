"""Silence a lifecycle warning for one block of code only."""

import warnings

import dagster as dg


@dg.asset
def orders() -> list[dict]:
    return [{"order_id": 1, "amount": 40.0}, {"order_id": 2, "amount": 25.5}]


# start_scoped
with warnings.catch_warnings():
    # Applies inside this block only: the previous filters come back after it.
    warnings.simplefilter("ignore", category=dg.BetaWarning)
    schema_checks = dg.build_column_schema_change_checks(assets=[orders])
# end_scoped

defs = dg.Definitions(assets=[orders], asset_checks=schema_checks)
