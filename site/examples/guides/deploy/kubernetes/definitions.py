"""The code location that the Kubernetes guides package into an image."""

import dagster as dg


# start_assets
@dg.asset
def raw_signups() -> list[str]:
    return ["ada@example.com", "grace@example.com"]


@dg.asset
def signup_count(raw_signups: list[str]) -> int:
    return len(raw_signups)
# end_assets


# start_k8s_config
# Runs of this job ask Kubernetes for more CPU and memory than the default.
signups_job = dg.define_asset_job(
    "signups_job",
    selection=[raw_signups, signup_count],
    tags={
        "dagster-k8s/config": {
            "container_config": {
                "resources": {
                    "requests": {"cpu": "500m", "memory": "1Gi"},
                    "limits": {"cpu": "1", "memory": "2Gi"},
                }
            },
            "pod_spec_config": {"node_selector": {"workload": "dagster-runs"}},
        }
    },
)
# end_k8s_config

defs = dg.Definitions(assets=[raw_signups, signup_count], jobs=[signups_job])
