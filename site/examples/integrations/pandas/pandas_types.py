import dagster as dg
import pandas as pd
from dagster_pandas import PandasColumn, create_dagster_pandas_dataframe_type

# start_type
TripsDataFrame = create_dagster_pandas_dataframe_type(
    name="TripsDataFrame",
    columns=[
        PandasColumn.integer_column("trip_id", min_value=1, non_nullable=True, unique=True),
        PandasColumn.string_column("city", non_nullable=True),
        PandasColumn.float_column("distance_km", min_value=0.0),
        PandasColumn.categorical_column("payment", categories={"card", "cash"}),
    ],
)
# end_type


# start_asset
@dg.asset(dagster_type=TripsDataFrame)
def trips() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "trip_id": [1, 2, 3],
            "city": ["Lisbon", "Porto", "Lisbon"],
            "distance_km": [3.2, 11.0, 0.8],
            "payment": ["card", "cash", "card"],
        }
    )


# end_asset

defs = dg.Definitions(assets=[trips])
