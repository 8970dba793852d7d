"""Run the steps of a job on a pool of Celery workers."""

import dagster as dg
from dagster_celery import celery_executor


# start_celery_assets
@dg.asset
def orders_extract() -> list[int]:
    return [10, 20, 30]


# Steps tagged with a queue go only to workers that listen on that queue.
@dg.asset(op_tags={"dagster-celery/queue": "gpu"})
def demand_forecast(orders_extract: list[int]) -> float:
    return sum(orders_extract) / len(orders_extract)


@dg.asset(op_tags={"dagster-celery/priority": 8})
def orders_report(orders_extract: list[int]) -> str:
    return f"{len(orders_extract)} orders"
# end_celery_assets


# start_celery_job
celery_orders_job = dg.define_asset_job(
    "celery_orders_job",
    selection=[orders_extract, demand_forecast, orders_report],
    executor_def=celery_executor.configured(
        {
            "broker": {"env": "DAGSTER_CELERY_BROKER_URL"},
            "backend": "rpc://",
        }
    ),
)
# end_celery_job

defs = dg.Definitions(
    assets=[orders_extract, demand_forecast, orders_report],
    jobs=[celery_orders_job],
)
