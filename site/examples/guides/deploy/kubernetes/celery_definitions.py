"""Run each step of a job as a Kubernetes Job, dispatched through Celery."""

import dagster as dg
from dagster_celery_k8s import celery_k8s_job_executor


# start_celery_k8s
@dg.asset(op_tags={"dagster-celery/queue": "warehouse"})
def warehouse_extract() -> list[int]:
    return [1, 2, 3]


@dg.asset
def warehouse_summary(warehouse_extract: list[int]) -> int:
    return sum(warehouse_extract)


defs = dg.Definitions(
    assets=[warehouse_extract, warehouse_summary],
    # The CeleryK8sRunLauncher requires this executor on every job it runs.
    executor=celery_k8s_job_executor,
)
# end_celery_k8s
