import dagster as dg
from dagster_duckdb import DuckDBResource
from dagster_openai import OpenAIResource

from . import features, files, ingestion, openai_job, validation
from .resources import FineTuningFiles

# start_definitions
modules = [ingestion, features, files, openai_job, validation]

defs = dg.Definitions(
    assets=dg.load_assets_from_modules(modules),
    asset_checks=dg.load_asset_checks_from_modules(modules),
    resources={
        "duckdb": DuckDBResource(database="tickets.duckdb"),
        "files": FineTuningFiles(directory="fine_tuning_files"),
        "openai": OpenAIResource(api_key=dg.EnvVar("OPENAI_API_KEY")),
    },
)
# end_definitions
