import pandas as pd
import pandera.pandas as pa
import polars as pl
import pandera.polars as pa_pl
from dagster_pandera import pandera_schema_to_dagster_type

import dagster as dg


# start_schema_model
class Orders(pa.DataFrameModel):
    """Orders placed in the web shop."""

    order_id: int = pa.Field(unique=True, ge=1)
    amount: float = pa.Field(gt=0, description="Order total in euros")
    status: str = pa.Field(isin=["open", "paid", "refunded"])


# The type is named after the model class; the schema shows in the UI.
OrdersType = pandera_schema_to_dagster_type(Orders)


@dg.asset(dagster_type=OrdersType)
def orders() -> pd.DataFrame:
    return pd.DataFrame(
        {"order_id": [1, 2, 3], "amount": [19.9, 5.0, 42.0], "status": ["paid", "open", "paid"]}
    )


# end_schema_model

# start_polars_schema
readings_schema = pa_pl.DataFrameSchema(
    {"sensor": pa_pl.Column(str), "celsius": pa_pl.Column(float, pa_pl.Check.in_range(-50, 60))},
    name="SensorReadings",
)
ReadingsType = pandera_schema_to_dagster_type(readings_schema)


@dg.asset(dagster_type=ReadingsType)
def readings() -> pl.DataFrame:
    return pl.DataFrame({"sensor": ["a", "b"], "celsius": [21.5, 19.0]})


# end_polars_schema

defs = dg.Definitions(assets=[orders, readings])
