import dagster as dg


# start_pools
@dg.asset(pool="warehouse")
def daily_orders() -> int:
    return 120


@dg.asset(pool="warehouse")
def daily_refunds() -> int:
    return 4


@dg.asset(pool="crm_api", deps=[daily_orders])
def synced_accounts() -> None:
    """Pushes order totals to the CRM, whose API allows few parallel calls."""


@dg.op(pool="warehouse")
def vacuum_tables() -> None:
    """An op can use a pool too."""


# end_pools


# start_in_run_limits
@dg.op(tags={"database": "analytics"})
def load_customers() -> int:
    return 1


@dg.op(tags={"database": "analytics"})
def load_products() -> int:
    return 2


@dg.op(tags={"database": "archive"})
def load_history() -> int:
    return 3


@dg.job(
    executor_def=dg.multiprocess_executor.configured(
        {
            "max_concurrent": 4,
            "tag_concurrency_limits": [
                {"key": "database", "value": "analytics", "limit": 1},
            ],
        }
    )
)
def nightly_load():
    load_customers()
    load_products()
    load_history()


# end_in_run_limits


# start_run_tags
refresh_job = dg.define_asset_job(
    "refresh_warehouse",
    selection=[daily_orders, daily_refunds],
    tags={"team": "finance"},
)
# end_run_tags


@dg.job
def maintenance_job():
    vacuum_tables()


defs = dg.Definitions(
    assets=[daily_orders, daily_refunds, synced_accounts],
    jobs=[nightly_load, refresh_job, maintenance_job],
)
