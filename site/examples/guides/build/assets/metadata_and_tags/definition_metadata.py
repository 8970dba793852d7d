"""Definition metadata, materialization metadata and the MetadataValue types."""

import datetime

import dagster as dg


# start_definition_metadata
@dg.asset(
    description="Customer accounts exported from the CRM.",
    owners=["team:growth"],
    metadata={
        "source_system": "salesforce",
        "refresh_sla_hours": 24,
        "runbook": dg.MetadataValue.url("https://wiki.example.com/runbooks/accounts"),
        "storage_path": dg.MetadataValue.path("/data/crm/accounts.parquet"),
    },
)
def accounts() -> list[dict]:
    return [
        {"id": 1, "name": "acme", "plan": "pro"},
        {"id": 2, "name": "globex", "plan": "free"},
        {"id": 3, "name": "initech", "plan": "pro"},
    ]


# end_definition_metadata


# start_materialize_result_metadata
@dg.asset(deps=[accounts])
def plan_summary() -> dg.MaterializeResult:
    counts = {"pro": 2, "free": 1}
    table_md = "| plan | accounts |\n| --- | --- |\n" + "\n".join(
        f"| {plan} | {count} |" for plan, count in counts.items()
    )
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": len(counts),
            "pro_share": dg.MetadataValue.float(counts["pro"] / sum(counts.values())),
            "summary": dg.MetadataValue.md(table_md),
            "counts": dg.MetadataValue.json(counts),
            "computed_at": dg.MetadataValue.timestamp(
                datetime.datetime.now(tz=datetime.timezone.utc)
            ),
        }
    )


# end_materialize_result_metadata


# start_output_metadata
@dg.asset
def pro_accounts(
    context: dg.AssetExecutionContext, accounts: list[dict]
) -> list[dict]:
    pro = [row for row in accounts if row["plan"] == "pro"]
    # The return value still goes to the I/O manager; the metadata goes to the event.
    context.add_output_metadata({"num_pro_accounts": len(pro)})
    return pro


# end_output_metadata


# start_output_with_metadata
@dg.asset
def free_accounts(accounts: list[dict]) -> dg.Output[list[dict]]:
    free = [row for row in accounts if row["plan"] == "free"]
    return dg.Output(free, metadata={"num_free_accounts": len(free)})


# end_output_with_metadata


# start_definitions
defs = dg.Definitions(assets=[accounts, plan_summary, pro_accounts, free_accounts])
# end_definitions
