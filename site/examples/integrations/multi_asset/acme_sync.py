import json
import time
from pathlib import Path
from typing import Any

import requests

import dagster as dg


# start_client
class AcmeSyncClient(dg.ConfigurableResource):
    """A thin client for the REST API of Acme Sync, a (fictional) data replication service."""

    api_token: str
    base_url: str = "https://api.acmesync.example.com/v1"
    request_timeout: int = 30
    poll_interval: float = 10.0

    def _request(self, method: str, path: str, **kwargs: Any) -> dict[str, Any]:
        response = requests.request(
            method,
            f"{self.base_url}{path}",
            headers={"Authorization": f"Bearer {self.api_token}"},
            timeout=self.request_timeout,
            **kwargs,
        )
        response.raise_for_status()
        return response.json()

    def list_tables(self, pipeline_id: str) -> list[dict[str, Any]]:
        """Describe every table the pipeline replicates."""
        return self._request("GET", f"/pipelines/{pipeline_id}/tables")["tables"]

    def sync_tables(self, pipeline_id: str, table_names: list[str]) -> dict[str, dict[str, Any]]:
        """Start a run for some of the pipeline's tables, wait for it, and return per-table results."""
        run_id = self._request(
            "POST", f"/pipelines/{pipeline_id}/runs", json={"tables": table_names}
        )["run_id"]
        while True:
            run = self._request("GET", f"/runs/{run_id}")
            if run["status"] not in ("queued", "running"):
                break
            time.sleep(self.poll_interval)
        if run["status"] != "succeeded":
            raise dg.Failure(f"Acme Sync run {run_id} ended with status {run['status']}")
        return {table["name"]: table for table in run["tables"]}


# end_client


# start_translator
class AcmeSyncTranslator:
    """Turns the metadata of one replicated table into the AssetSpec that represents it."""

    def get_asset_spec(self, pipeline_id: str, table: dict[str, Any]) -> dg.AssetSpec:
        schema = table["destination_schema"]
        return dg.AssetSpec(
            key=dg.AssetKey([schema, table["name"]]),
            description=table.get("description"),
            group_name=f"acme_{pipeline_id}",
            kinds={"acme_sync", table["destination_type"]},
            tags={"sync_mode": table["sync_mode"]},
            metadata={
                "dagster/table_name": f"{schema}.{table['name']}",
                "dagster/column_schema": dg.TableSchema(
                    columns=[
                        dg.TableColumn(name=column["name"], type=column["type"])
                        for column in table["columns"]
                    ]
                ),
            },
        )


# end_translator


# start_factory
def build_acme_sync_assets(
    pipeline_id: str,
    tables: list[dict[str, Any]],
    translator: AcmeSyncTranslator | None = None,
) -> dg.AssetsDefinition:
    """One multi-asset for a whole Acme Sync pipeline: one asset per replicated table."""
    translator = translator or AcmeSyncTranslator()
    specs = [translator.get_asset_spec(pipeline_id, table) for table in tables]
    # Remember which external table each asset key stands for.
    table_name_by_key = {spec.key: table["name"] for spec, table in zip(specs, tables)}

    @dg.multi_asset(name=f"acme_sync_{pipeline_id}", specs=specs, can_subset=True)
    def _sync_pipeline(context: dg.AssetExecutionContext, acme: AcmeSyncClient):
        # With can_subset=True, a run may select only some of the tables.
        selected = [key for key in table_name_by_key if key in context.selected_asset_keys]
        results = acme.sync_tables(pipeline_id, [table_name_by_key[key] for key in selected])
        for key in selected:
            result = results[table_name_by_key[key]]
            yield dg.MaterializeResult(
                asset_key=key,
                metadata={
                    "dagster/row_count": result["row_count"],
                    "rows_synced": result["rows_synced"],
                },
            )

    return _sync_pipeline


# end_factory


# start_snapshot
SNAPSHOT_PATH = Path(__file__).parent / "acme_tables.json"


def refresh_table_snapshot(client: AcmeSyncClient, pipeline_id: str) -> None:
    """Save the pipeline's table metadata next to the code, for example in CI before a deploy."""
    tables = client.list_tables(pipeline_id)
    SNAPSHOT_PATH.write_text(json.dumps(tables, indent=2) + "\n")


def read_table_snapshot() -> list[dict[str, Any]]:
    return json.loads(SNAPSHOT_PATH.read_text())


# end_snapshot

# start_definitions
acme = AcmeSyncClient(api_token=dg.EnvVar("ACME_SYNC_API_TOKEN"))

shop_tables = build_acme_sync_assets(pipeline_id="shop", tables=read_table_snapshot())


@dg.asset(deps=[dg.AssetKey(["raw_shop", "orders"]), dg.AssetKey(["raw_shop", "refunds"])])
def net_revenue(context: dg.AssetExecutionContext) -> None:
    context.log.info("Compute net revenue from the replicated orders and refunds")


defs = dg.Definitions(assets=[shop_tables, net_revenue], resources={"acme": acme})
# end_definitions

# start_main
if __name__ == "__main__":
    import os

    refresh_table_snapshot(AcmeSyncClient(api_token=os.environ["ACME_SYNC_API_TOKEN"]), "shop")
# end_main
