# docs-example: no-import
# The script that runs inside the container (it needs only dagster-pipes).
from dagster_pipes import open_dagster_pipes

with open_dagster_pipes() as pipes:
    min_amount = pipes.get_extra("min_amount")
    pipes.log.info(f"Dropping orders under {min_amount}")
    kept_rows = 1200  # the real cleaning work happens here
    pipes.report_asset_materialization(metadata={"kept_rows": kept_rows})
