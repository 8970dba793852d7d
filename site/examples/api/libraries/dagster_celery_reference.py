import dagster as dg
from dagster_celery import celery_executor


@dg.op
def list_partitions() -> list[str]:
    return ["2026-01-01", "2026-01-02"]


# Steps go to the `dagster` queue unless a tag names another; Celery workers
# started with `-q gpu` pick up this one.
@dg.op(tags={"dagster-celery/queue": "gpu", "dagster-celery/priority": 8})
def train_model(partitions: list[str]) -> int:
    return len(partitions)


@dg.job(
    executor_def=celery_executor.configured(
        {
            "broker": {"env": "CELERY_BROKER_URL"},
            "backend": "redis://redis:6379/1",
            "config_source": {"task_acks_late": True},
        }
    ),
    tags={"dagster-celery/run_priority": 2},
)
def train_job():
    train_model(list_partitions())


defs = dg.Definitions(jobs=[train_job])
