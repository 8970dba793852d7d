# docs-example: no-import
# A plain script that the component runs in a subprocess with Dagster Pipes.
from dagster_pipes import open_dagster_pipes

with open_dagster_pipes() as pipes:
    stock = {"berlin": 120, "lisbon": 80}
    pipes.log.info(f"Counted stock in {len(stock)} warehouses")
    pipes.report_asset_materialization(metadata={"units": sum(stock.values())})
