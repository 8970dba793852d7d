# docs-example: no-import
from datahub.emitter.mce_builder import make_dataset_urn, make_lineage_mce
from dagster_datahub import (
    DatahubConnection,
    DatahubKafkaEmitterResource,
    DatahubRESTEmitterResource,
)

import dagster as dg


# start_asset
@dg.asset
def orders_daily(datahub: DatahubRESTEmitterResource) -> None:
    # ... build the table, then tell DataHub where its data comes from.
    lineage = make_lineage_mce(
        upstream_urns=[make_dataset_urn("postgres", "shop.public.orders")],
        downstream_urn=make_dataset_urn("snowflake", "analytics.marts.orders_daily"),
    )
    datahub.get_emitter().emit(lineage)


# end_asset

# start_definitions
defs = dg.Definitions(
    assets=[orders_daily],
    resources={
        "datahub": DatahubRESTEmitterResource(
            connection="http://datahub-gms:8080",
            token=dg.EnvVar("DATAHUB_TOKEN"),
        ),
        # The Kafka emitter, for deployments that ingest metadata through Kafka.
        "datahub_kafka": DatahubKafkaEmitterResource(
            connection=DatahubConnection(
                bootstrap="kafka-1:9092,kafka-2:9092",
                schema_registry_url="http://schema-registry:8081",
            )
        ),
    },
)
# end_definitions
