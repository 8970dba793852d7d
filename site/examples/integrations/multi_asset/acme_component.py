import dagster as dg
from acme_sync import AcmeSyncClient, build_acme_sync_assets, read_table_snapshot


# start_component
class AcmeSyncComponent(dg.Component, dg.Model, dg.Resolvable):
    """Exposes the tables of one Acme Sync pipeline as assets, configured from YAML."""

    pipeline_id: str
    api_token: str
    group_name: str | None = None

    def build_defs(self, context: dg.ComponentLoadContext) -> dg.Definitions:
        assets = build_acme_sync_assets(self.pipeline_id, read_table_snapshot())
        if self.group_name:
            assets = assets.map_asset_specs(
                lambda spec: spec.replace_attributes(group_name=self.group_name)
            )
        return dg.Definitions(
            assets=[assets],
            resources={"acme": AcmeSyncClient(api_token=self.api_token)},
        )


# end_component
