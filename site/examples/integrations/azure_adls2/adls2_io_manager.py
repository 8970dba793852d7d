import csv
import io

import dagster as dg
from dagster_azure.adls2 import ADLS2Key, ADLS2PickleIOManager, ADLS2Resource

# start_resources
adls2 = ADLS2Resource(
    storage_account="acmedatalake",
    credential=ADLS2Key(key=dg.EnvVar("AZURE_STORAGE_ACCOUNT_KEY")),
)

io_manager = ADLS2PickleIOManager(
    adls2=adls2,
    adls2_file_system="dagster",
    adls2_prefix="assets",
)
# end_resources


# start_assets
@dg.asset
def daily_orders() -> list[dict]:
    # The return value is pickled to abfss://dagster@acmedatalake.dfs.core.windows.net/assets/daily_orders
    return [
        {"order_id": 1, "region": "emea", "amount": 120.0},
        {"order_id": 2, "region": "amer", "amount": 80.5},
        {"order_id": 3, "region": "emea", "amount": 42.0},
    ]


@dg.asset
def revenue_by_region(daily_orders: list[dict]) -> dict[str, float]:
    # daily_orders is read back from ADLS2 by the I/O manager.
    totals: dict[str, float] = {}
    for order in daily_orders:
        totals[order["region"]] = totals.get(order["region"], 0.0) + order["amount"]
    return totals


# end_assets


# start_direct_write
@dg.asset
def revenue_report_csv(
    adls2: ADLS2Resource, revenue_by_region: dict[str, float]
) -> dg.MaterializeResult:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["region", "revenue"])
    writer.writerows(sorted(revenue_by_region.items()))

    file_system = adls2.adls2_client.get_file_system_client("reports")
    file_client = file_system.get_file_client("revenue/latest.csv")
    file_client.upload_data(buffer.getvalue().encode("utf-8"), overwrite=True)
    return dg.MaterializeResult(
        metadata={"path": "reports/revenue/latest.csv", "regions": len(revenue_by_region)}
    )


# end_direct_write

# start_definitions
defs = dg.Definitions(
    assets=[daily_orders, revenue_by_region, revenue_report_csv],
    resources={"adls2": adls2, "io_manager": io_manager},
)
# end_definitions
