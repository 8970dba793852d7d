import dagster as dg
from dagster_k8s import PipesK8sClient, k8s_job_executor


# start_pipes
@dg.asset
def scored_customers(
    context: dg.AssetExecutionContext, k8s_pipes_client: PipesK8sClient
) -> dg.MaterializeResult:
    # The pod runs a script that calls dagster_pipes.open_dagster_pipes() and
    # reports its results back through the pod's logs.
    return k8s_pipes_client.run(
        context=context,
        image="registry.example.com/scoring:1.4",
        command=["python", "score.py"],
        namespace="analytics",
        env={"MODEL_VERSION": "7"},
        base_pod_spec={"node_selector": {"pool": "batch"}},
    ).get_materialize_result()


# end_pipes


# start_executor
@dg.op
def extract() -> list[int]:
    return [3, 1, 2]


@dg.op(
    tags={
        "dagster-k8s/config": {
            "container_config": {"resources": {"requests": {"cpu": "500m"}}}
        }
    }
)
def summarize(values: list[int]) -> int:
    return sum(values)


# Each op of this job runs in its own Kubernetes Job. The tag sets the CPU
# request of the step pods of `summarize` only.
@dg.job(
    executor_def=k8s_job_executor.configured(
        {"job_namespace": "analytics", "max_concurrent": 4}
    )
)
def nightly_summary():
    summarize(extract())


# end_executor

defs = dg.Definitions(
    assets=[scored_customers],
    jobs=[nightly_summary],
    resources={"k8s_pipes_client": PipesK8sClient(poll_interval=5.0)},
)
