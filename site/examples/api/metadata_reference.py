import dagster as dg

orders_schema = dg.TableSchema(
    columns=[
        dg.TableColumn(
            "id", "int", constraints=dg.TableColumnConstraints(nullable=False, unique=True)
        ),
        dg.TableColumn("amount", "float", description="Order total in euros."),
    ]
)


@dg.asset(
    metadata={
        "dagster/column_schema": orders_schema,
        "owner_docs": dg.MetadataValue.url("https://example.com/orders"),
    }
)
def orders() -> dg.MaterializeResult:
    amounts = [12.0, 30.5]
    return dg.MaterializeResult(
        metadata={
            "row_count": dg.MetadataValue.int(len(amounts)),
            "total": dg.MetadataValue.float(sum(amounts)),
            "summary": dg.MetadataValue.md(f"**{len(amounts)}** orders"),
            "preview": dg.MetadataValue.table(
                records=[dg.TableRecord({"id": i, "amount": a}) for i, a in enumerate(amounts)],
                schema=orders_schema,
            ),
            "dagster/column_lineage": dg.TableColumnLineage(
                deps_by_column={
                    "amount": [dg.TableColumnDep(asset_key=dg.AssetKey("raw_orders"), column_name="price")]
                }
            ),
        }
    )


# Attach the file and line where each asset is defined, for the UI's code links.
defs = dg.Definitions(assets=dg.with_source_code_references([orders]))
