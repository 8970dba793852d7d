import dagster as dg
from dagster_k8s import PipesK8sClient


# start_asset
@dg.asset
def scored_customers(
    context: dg.AssetExecutionContext, k8s_pipes: PipesK8sClient
) -> dg.MaterializeResult:
    """Run a pod for this asset; the code in the pod reports back with dagster-pipes."""
    return k8s_pipes.run(
        context=context,
        image="acme/scoring:2.0",
        command=["python", "/app/score.py"],
        namespace="data-jobs",
        env={"MODEL_VERSION": "7"},
        base_pod_spec={
            "containers": [{"resources": {"requests": {"cpu": "1", "memory": "2Gi"}}}]
        },
    ).get_materialize_result()


# end_asset

# start_definitions
defs = dg.Definitions(
    assets=[scored_customers],
    resources={"k8s_pipes": PipesK8sClient(load_incluster_config=True)},
)
# end_definitions
