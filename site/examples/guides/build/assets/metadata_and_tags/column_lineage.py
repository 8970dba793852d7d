"""Column-level lineage: say which upstream columns each output column comes from."""

import dagster as dg


# start_upstream_tables
users = dg.AssetSpec(
    "users",
    kinds={"postgres"},
    metadata={
        "dagster/column_schema": dg.TableSchema(
            columns=[
                dg.TableColumn("user_id", "integer"),
                dg.TableColumn("first_name", "varchar"),
                dg.TableColumn("last_name", "varchar"),
                dg.TableColumn("country", "varchar"),
            ]
        )
    },
)

payments = dg.AssetSpec(
    "payments",
    kinds={"postgres"},
    metadata={
        "dagster/column_schema": dg.TableSchema(
            columns=[
                dg.TableColumn("payment_id", "integer"),
                dg.TableColumn("user_id", "integer"),
                dg.TableColumn("amount", "decimal"),
            ]
        )
    },
)
# end_upstream_tables


# start_column_lineage
@dg.asset(deps=[users, payments], kinds={"duckdb"})
def customer_spend() -> dg.MaterializeResult:
    # The SQL behind this asset joins users to payments:
    #   select u.user_id, u.first_name || ' ' || u.last_name as full_name,
    #          u.country, sum(p.amount) as total_spend
    #   from users u join payments p using (user_id) group by all
    lineage = dg.TableColumnLineage(
        deps_by_column={
            "user_id": [
                dg.TableColumnDep(asset_key=users.key, column_name="user_id"),
            ],
            "full_name": [
                dg.TableColumnDep(asset_key=users.key, column_name="first_name"),
                dg.TableColumnDep(asset_key=users.key, column_name="last_name"),
            ],
            "country": [
                dg.TableColumnDep(asset_key=users.key, column_name="country"),
            ],
            "total_spend": [
                dg.TableColumnDep(asset_key=payments.key, column_name="amount"),
                dg.TableColumnDep(asset_key=payments.key, column_name="user_id"),
            ],
        }
    )
    schema = dg.TableSchema(
        columns=[
            dg.TableColumn("user_id", "integer"),
            dg.TableColumn("full_name", "varchar"),
            dg.TableColumn("country", "varchar"),
            dg.TableColumn("total_spend", "decimal"),
        ]
    )
    return dg.MaterializeResult(
        metadata={
            "dagster/column_lineage": lineage,
            "dagster/column_schema": schema,
        }
    )


# end_column_lineage


# start_definitions
defs = dg.Definitions(assets=[users, payments, customer_spend])
# end_definitions
