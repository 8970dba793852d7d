import dagster as dg
from dagster_celery_docker import celery_docker_executor


@dg.op
def download() -> list[str]:
    return ["a.csv", "b.csv"]


@dg.op(tags={"dagster-celery/queue": "heavy"})
def convert(files: list[str]) -> int:
    return len(files)


# Celery workers started with `-A dagster_celery_docker.app` run each step in
# a container of the image below, on the worker's Docker host.
@dg.job(
    executor_def=celery_docker_executor.configured(
        {
            "broker": {"env": "CELERY_BROKER_URL"},
            "docker": {
                "image": "registry.example.com/etl:3.2",
                "registry": {
                    "url": "registry.example.com",
                    "username": "etl-bot",
                    "password": {"env": "REGISTRY_PASSWORD"},
                },
                "network": "dagster_network",
                "env_vars": ["DAGSTER_HOME", "DAGSTER_PG_PASSWORD"],
            },
        }
    )
)
def convert_job():
    convert(download())


defs = dg.Definitions(jobs=[convert_job])
