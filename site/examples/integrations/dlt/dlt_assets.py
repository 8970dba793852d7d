# docs-example: external-deps
# Each dlt asset depends on an external asset standing for its source table.
import dagster as dg
import dlt
from dagster_dlt import DagsterDltResource, DagsterDltTranslator, dlt_assets
from dagster_dlt.translator import DltResourceTranslatorData


# start_source
@dlt.source
def bike_shop():
    """A dlt source with two resources; each becomes a table and an asset."""

    @dlt.resource(primary_key="bike_id", write_disposition="merge")
    def bikes():
        yield [
            {"bike_id": 1, "model": "Commuter", "price": 640},
            {"bike_id": 2, "model": "Gravel", "price": 1150},
        ]

    @dlt.resource(write_disposition="replace")
    def stores():
        yield [{"store_id": 10, "city": "Lyon"}, {"store_id": 11, "city": "Porto"}]

    return bikes, stores


# end_source


# start_translator
class BikeShopTranslator(DagsterDltTranslator):
    def get_asset_spec(self, data: DltResourceTranslatorData) -> dg.AssetSpec:
        default_spec = super().get_asset_spec(data)
        return default_spec.replace_attributes(
            key=dg.AssetKey(["bike_shop", data.resource.name]),
            group_name="ingestion",
        )


# end_translator


# start_assets
@dlt_assets(
    dlt_source=bike_shop(),
    dlt_pipeline=dlt.pipeline(
        pipeline_name="bike_shop",
        destination="duckdb",
        dataset_name="raw",
    ),
    dagster_dlt_translator=BikeShopTranslator(),
)
def bike_shop_assets(context: dg.AssetExecutionContext, dlt: DagsterDltResource):
    yield from dlt.run(context=context)


# end_assets


# start_downstream
@dg.asset(deps=[dg.AssetKey(["bike_shop", "bikes"])])
def bike_price_report() -> None:
    """A downstream asset that reads the table dlt loaded."""


# end_downstream

# start_definitions
defs = dg.Definitions(
    assets=[bike_shop_assets, bike_price_report],
    resources={"dlt": DagsterDltResource()},
)
# end_definitions
