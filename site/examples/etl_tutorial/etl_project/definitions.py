"""The project's Definitions: everything Dagster loads from this package."""

import dagster as dg

from . import assets
from .resources import database_resource, request_folder_resource
from .schedules import daily_ingest_schedule, monthly_sales_schedule
from .sensors import adhoc_request_sensor

# start_definitions
defs = dg.Definitions(
    assets=dg.load_assets_from_modules([assets]),
    asset_checks=dg.load_asset_checks_from_modules([assets]),
    schedules=[daily_ingest_schedule, monthly_sales_schedule],
    sensors=[adhoc_request_sensor],
    resources={
        "duckdb": database_resource,
        "request_folder": request_folder_resource,
    },
)
# end_definitions
