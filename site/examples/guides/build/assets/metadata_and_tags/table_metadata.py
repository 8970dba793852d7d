"""Table metadata: column schemas, row counts, table names and previews."""

import pandas as pd

import dagster as dg


# start_definition_schema
@dg.asset(
    kinds={"duckdb"},
    metadata={
        "dagster/table_name": "analytics.main.products",
        "dagster/column_schema": dg.TableSchema(
            columns=[
                dg.TableColumn(
                    "product_id",
                    "integer",
                    description="Primary key.",
                    constraints=dg.TableColumnConstraints(nullable=False, unique=True),
                ),
                dg.TableColumn("name", "varchar", description="Display name."),
                dg.TableColumn(
                    "price",
                    "decimal(10, 2)",
                    constraints=dg.TableColumnConstraints(other=["price >= 0"]),
                    tags={"pii": "false"},
                ),
            ],
            constraints=dg.TableConstraints(other=["unique (name)"]),
        ),
    },
)
def products() -> None:
    """The schema above is known before the asset runs, so it is definition metadata."""


# end_definition_schema


# start_runtime_schema
def schema_from_dataframe(df: pd.DataFrame) -> dg.TableSchema:
    return dg.TableSchema(
        columns=[
            dg.TableColumn(name=str(column), type=str(dtype))
            for column, dtype in df.dtypes.items()
        ]
    )


@dg.asset(deps=[products], kinds={"pandas"})
def price_bands() -> dg.MaterializeResult:
    df = pd.DataFrame(
        {
            "band": ["budget", "standard", "premium"],
            "min_price": [0.0, 20.0, 100.0],
            "products": [12, 30, 4],
        }
    )
    preview = dg.MetadataValue.table(
        records=[dg.TableRecord(row) for row in df.head(5).to_dict("records")],
        schema=schema_from_dataframe(df),
    )
    return dg.MaterializeResult(
        metadata={
            "dagster/column_schema": schema_from_dataframe(df),
            "dagster/row_count": len(df),
            "preview": preview,
        }
    )


# end_runtime_schema


# start_definitions
defs = dg.Definitions(assets=[products, price_bands])
# end_definitions
