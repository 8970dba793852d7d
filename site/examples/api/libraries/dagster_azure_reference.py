import json

import dagster as dg
from dagster_azure.adls2 import ADLS2PickleIOManager, ADLS2Resource, ADLS2SASToken

# The SAS token is read from the environment when a run starts.
adls2 = ADLS2Resource(
    storage_account="acmelake",
    credential=ADLS2SASToken(token=dg.EnvVar("ADLS2_SAS_TOKEN")),
)


# Writes a file with the Azure SDK client that the resource exposes.
@dg.asset
def exported_orders(adls2: ADLS2Resource) -> dict:
    orders = [{"id": 1, "amount": 30.0}, {"id": 2, "amount": 12.5}]
    file_client = adls2.adls2_client.get_file_client("exports", "orders/2026-03-01.json")
    file_client.upload_data(json.dumps(orders).encode(), overwrite=True)
    return {"rows": len(orders), "path": "exports/orders/2026-03-01.json"}


# Receives the dictionary that the I/O manager pickled to ADLS2 for exported_orders.
@dg.asset
def export_summary(exported_orders: dict) -> str:
    return f"{exported_orders['rows']} orders exported to {exported_orders['path']}"


defs = dg.Definitions(
    assets=[exported_orders, export_summary],
    resources={
        "adls2": adls2,
        "io_manager": ADLS2PickleIOManager(
            adls2=adls2, adls2_file_system="dagster-io", adls2_prefix="assets"
        ),
    },
)
