import dagster as dg
import pandas as pd
import pandera.pandas as pa
from dagster_pandera import pandera_schema_to_dagster_type


# start_schema
class Orders(pa.DataFrameModel):
    order_id: int = pa.Field(unique=True, ge=1)
    status: str = pa.Field(isin=["placed", "shipped", "delivered"])
    amount: float = pa.Field(ge=0)


OrdersDagsterType = pandera_schema_to_dagster_type(Orders)
# end_schema


# start_asset
@dg.asset(dagster_type=OrdersDagsterType)
def orders() -> pd.DataFrame:
    return pd.DataFrame(
        {"order_id": [1, 2, 3], "status": ["placed", "shipped", "delivered"], "amount": [10.0, 25.5, 4.2]}
    )


# end_asset

defs = dg.Definitions(assets=[orders])
