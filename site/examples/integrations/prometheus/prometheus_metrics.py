import dagster as dg
from dagster_prometheus import PrometheusResource
from prometheus_client import CollectorRegistry, Gauge

# start_resource
prometheus = PrometheusResource(gateway=dg.EnvVar("PROMETHEUS_PUSHGATEWAY"))
# end_resource


# start_asset
@dg.asset
def cleaned_events(prometheus: PrometheusResource) -> list[dict]:
    events = [{"id": 1}, {"id": 2}, {"id": 3}]
    gauge = Gauge(
        "cleaned_events_rows",
        "Rows written by the cleaned_events asset",
        registry=prometheus.registry,
    )
    gauge.set(len(events))
    # Push every metric of the resource's registry under the job name "dagster_assets".
    prometheus.push_to_gateway(job="dagster_assets")
    return events


# end_asset

defs = dg.Definitions(assets=[cleaned_events], resources={"prometheus": prometheus})
