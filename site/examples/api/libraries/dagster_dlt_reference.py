import dagster as dg
import dlt
from dagster_dlt import DagsterDltResource, DagsterDltTranslator, dlt_assets
from dagster_dlt.translator import DltResourceTranslatorData


# start_source
@dlt.source
def weather():
    @dlt.resource(primary_key="station_id")
    def stations():
        """Weather stations, one row each."""
        yield [
            {"station_id": "LYS", "city": "Lyon"},
            {"station_id": "OPO", "city": "Porto"},
        ]

    # A transformer: it receives each batch of rows that `stations` yields.
    @dlt.transformer(data_from=stations)
    def readings(batch):
        """Temperature readings per station."""
        for station in batch:
            yield {"station_id": station["station_id"], "celsius": 21.5}

    return stations, readings
# end_source


# start_translator
class WeatherTranslator(DagsterDltTranslator):
    def get_asset_spec(self, data: DltResourceTranslatorData) -> dg.AssetSpec:
        spec = super().get_asset_spec(data)
        # dlt_weather_stations -> weather/stations, in the "weather" group
        spec = spec.replace_attributes(
            key=dg.AssetKey(["weather", data.resource.name]),
            group_name="weather",
        )
        if data.resource.is_transformer:
            # By default a transformer shares its parent's upstream dependency;
            # make it depend on the parent's table instead.
            spec = spec.replace_attributes(deps=[dg.AssetKey(["weather", "stations"])])
        return spec
# end_translator


# start_assets
@dlt_assets(
    dlt_source=weather(),
    dlt_pipeline=dlt.pipeline(
        pipeline_name="weather",
        destination="duckdb",  # writes weather.duckdb in the working directory
        dataset_name="raw",
    ),
    dagster_dlt_translator=WeatherTranslator(),
)
def weather_tables(context: dg.AssetExecutionContext, dlt: DagsterDltResource):
    # Extra keyword arguments go to dlt's pipeline.run().
    yield from dlt.run(context=context, write_disposition="replace").fetch_row_count()
# end_assets

# The default upstream key of the stations resource: `<source>_<resource>`.
weather_api = dg.AssetSpec("weather_stations", description="The weather API's station list.")

defs = dg.Definitions(
    assets=[weather_api, weather_tables],
    resources={"dlt": DagsterDltResource()},
)
