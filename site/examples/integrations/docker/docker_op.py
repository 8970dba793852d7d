import dagster as dg
from dagster_docker import docker_container_op, docker_executor

# start_op
say_hello = docker_container_op.configured(
    {"image": "busybox:1.36", "command": ["echo", "hello from a container"]},
    name="say_hello",
)


@dg.job(executor_def=docker_executor)
def container_job():
    say_hello()


# end_op

defs = dg.Definitions(jobs=[container_job])
