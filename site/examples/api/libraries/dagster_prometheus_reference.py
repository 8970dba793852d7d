import dagster as dg
from dagster_prometheus import PrometheusResource
from prometheus_client import Gauge


@dg.asset
def cleaned_events(prometheus: PrometheusResource) -> list[dict]:
    events = [{"id": 1, "ok": True}, {"id": 2, "ok": False}, {"id": 3, "ok": True}]
    kept = [event for event in events if event["ok"]]

    # Register the metric on the resource's registry, which is new for every run.
    rows = Gauge(
        "cleaned_events_rows",
        "Rows kept by the last cleaning run",
        registry=prometheus.registry,
    )
    rows.set(len(kept))
    # Replace this job's metrics on the Pushgateway; Prometheus scrapes them from there.
    prometheus.push_to_gateway(job="dagster_assets", grouping_key={"asset": "cleaned_events"})
    return kept


defs = dg.Definitions(
    assets=[cleaned_events],
    resources={"prometheus": PrometheusResource(gateway="http://pushgateway:9091", timeout=10)},
)
