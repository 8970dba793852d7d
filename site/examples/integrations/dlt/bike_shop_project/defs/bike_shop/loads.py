import dlt


@dlt.source
def bike_shop():
    @dlt.resource(primary_key="bike_id", write_disposition="merge")
    def bikes():
        yield [
            {"bike_id": 1, "model": "Commuter", "price": 640},
            {"bike_id": 2, "model": "Gravel", "price": 1150},
        ]

    return bikes


bike_shop_source = bike_shop()
bike_shop_pipeline = dlt.pipeline(
    pipeline_name="bike_shop",
    destination="duckdb",
    dataset_name="raw",
)
