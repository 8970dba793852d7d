import dagster as dg
from dagster_airlift.core import assets_with_task_mappings
from dagster_k8s import PipesK8sClient


# start_asset
@dg.asset(kinds={"kubernetes"})
def customer_scores(
    context: dg.AssetExecutionContext,
    pipes_k8s_client: PipesK8sClient,
) -> dg.MaterializeResult:
    return pipes_k8s_client.run(
        context=context,
        # image, cmds + arguments, namespace and env_vars of the operator:
        image="ghcr.io/acme/scoring:1.4.0",
        command=["python", "score.py", "--model", "churn-v3"],
        namespace="data-jobs",
        env={"BATCH_SIZE": "500"},
        # labels and annotations go in the pod's metadata...
        base_pod_meta={"labels": {"team": "analytics"}},
        # ...and everything else the operator set on the pod goes in its spec.
        base_pod_spec={
            "node_selector": {"workload": "batch"},
            "service_account_name": "scoring",
            "containers": [
                {
                    "resources": {
                        "requests": {"cpu": "1", "memory": "2Gi"},
                        "limits": {"memory": "4Gi"},
                    },
                }
            ],
        },
    ).get_materialize_result()


# end_asset


# start_definitions
defs = dg.Definitions(
    assets=assets_with_task_mappings(
        dag_id="customer_scoring",
        task_mappings={"score_customers": [customer_scores]},
    ),
    # In a pod, PipesK8sClient uses the in-cluster configuration; elsewhere
    # it reads your kubeconfig. Nothing connects until the asset runs.
    resources={"pipes_k8s_client": PipesK8sClient()},
)
# end_definitions
