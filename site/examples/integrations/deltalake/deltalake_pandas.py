import dagster as dg
import pandas as pd
from dagster_deltalake import LocalConfig
from dagster_deltalake_pandas import DeltaLakePandasIOManager


# start_assets
@dg.asset(key_prefix=["weather"])
def observations() -> pd.DataFrame:
    """Stored as the Delta table <root_uri>/weather/observations."""
    return pd.DataFrame(
        {
            "station": ["north", "north", "harbor", "harbor"],
            "temperature_c": [11.5, 13.0, 15.5, 14.0],
        }
    )


@dg.asset(key_prefix=["weather"])
def station_averages(observations: pd.DataFrame) -> pd.DataFrame:
    """Reads the observations table back as a DataFrame."""
    return observations.groupby("station", as_index=False)["temperature_c"].mean()


# end_assets


# start_definitions
defs = dg.Definitions(
    assets=[observations, station_averages],
    resources={
        "io_manager": DeltaLakePandasIOManager(
            root_uri="delta_tables",
            storage_options=LocalConfig(),
        )
    },
)
# end_definitions
