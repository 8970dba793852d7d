import dagster as dg
from dagster_docker import PipesDockerClient, docker_executor


# start_pipes
@dg.asset
def resized_images(
    context: dg.AssetExecutionContext, docker_pipes_client: PipesDockerClient
) -> dg.MaterializeResult:
    # The container runs a script that calls dagster_pipes.open_dagster_pipes()
    # and reports metadata back through its logs.
    return docker_pipes_client.run(
        context=context,
        image="registry.example.com/image-tools:2.1",
        command=["python", "resize.py", "--width", "800"],
        env={"BUCKET": "raw-images"},
        container_kwargs={"volumes": {"/mnt/images": {"bind": "/data", "mode": "rw"}}},
    ).get_materialize_result()


# end_pipes


# start_executor
@dg.op
def fetch_ids() -> list[int]:
    return [4, 8, 15]


@dg.op
def count_ids(ids: list[int]) -> int:
    return len(ids)


# Each op of this job runs in a container of its own on the same Docker host.
@dg.job(executor_def=docker_executor.configured({"networks": ["dagster_network"]}))
def id_report():
    count_ids(fetch_ids())


# end_executor

defs = dg.Definitions(
    assets=[resized_images],
    jobs=[id_report],
    resources={"docker_pipes_client": PipesDockerClient(env={"LOG_LEVEL": "info"})},
)
