import dagster as dg
import dask.dataframe as dd
from dagster_dask import DataFrame, dask_executor, dask_resource


# start_resource
@dg.asset(required_resource_keys={"dask"})
def squares(context: dg.AssetExecutionContext) -> list[int]:
    client = context.resources.dask.client  # a dask.distributed.Client
    futures = client.map(lambda n: n * n, range(6))
    return client.gather(futures)


# end_resource


# start_executor
# `orders` is loaded from run config, for example
# {"ops": {"count_orders": {"inputs": {"orders": {"read": {"csv": {"path": "orders.csv"}}}}}}}
@dg.op(ins={"orders": dg.In(DataFrame)})
def count_orders(orders: dd.DataFrame) -> int:
    return int(orders.shape[0].compute())


# The Dask scheduler only places this step on workers that declare a GPU.
@dg.op(tags={"dagster-dask/resource_requirements": {"GPU": 1}})
def report(count: int) -> str:
    return f"{count} orders"


# Each local worker declares one "GPU" Dask resource, so the tagged step can be
# placed on any of them, one at a time per worker.
@dg.job(
    executor_def=dask_executor.configured(
        {"cluster": {"local": {"n_workers": 4, "resources": {"GPU": 1}}}}
    )
)
def order_job():
    report(count_orders())


# end_executor

defs = dg.Definitions(
    assets=[squares],
    jobs=[order_job],
    resources={"dask": dask_resource.configured({"cluster": {"local": {"n_workers": 2}}})},
)
