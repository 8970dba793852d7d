# start_asset
import dagster as dg
from dagster_k8s import PipesK8sClient


@dg.asset
def scored_customers(
    context: dg.AssetExecutionContext,
    pipes_k8s_client: PipesK8sClient,
) -> dg.MaterializeResult:
    return pipes_k8s_client.run(
        context=context,
        image="ghcr.io/acme/scoring:1.4.0",
        command=["python", "external_code.py"],
        namespace="data-jobs",
        env={"MODEL_NAME": "churn-v3"},
        extras={"batch_size": 500},
        base_pod_meta={"labels": {"team": "analytics"}},
    ).get_materialize_result()


# end_asset


# start_definitions
defs = dg.Definitions(
    assets=[scored_customers],
    # Loads the Kubernetes configuration when a run starts: in-cluster when
    # Dagster runs in the cluster, otherwise your kubeconfig.
    resources={"pipes_k8s_client": PipesK8sClient()},
)
# end_definitions
