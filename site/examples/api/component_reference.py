import dagster as dg


class CsvExportComponent(dg.Component, dg.Model, dg.Resolvable):
    """Creates one asset per table name; in YAML: `type: <module>.CsvExportComponent`."""

    tables: list[str]
    group_name: str = "exports"

    def build_defs(self, context: dg.ComponentLoadContext) -> dg.Definitions:
        def make_asset(table: str) -> dg.AssetsDefinition:
            @dg.asset(name=f"{table}_csv", group_name=self.group_name)
            def export() -> dg.MaterializeResult:
                # A real component would write the table to a CSV file here.
                return dg.MaterializeResult(metadata={"table": table})

            return export

        return dg.Definitions(assets=[make_asset(table) for table in self.tables])

    @staticmethod
    @dg.template_var
    def default_tables() -> list[str]:
        # Available in this component's defs.yaml as {{ default_tables }}.
        return ["orders", "customers"]
