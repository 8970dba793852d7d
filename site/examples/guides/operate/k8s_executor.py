import dagster as dg
from dagster_k8s import k8s_job_executor


@dg.asset
def model_features() -> list[float]:
    return [0.1, 0.2]


# start_k8s
# Each step runs in its own Kubernetes Job; at most 10 at a time.
defs = dg.Definitions(
    assets=[model_features],
    executor=k8s_job_executor.configured({"max_concurrent": 10}),
)
# end_k8s
