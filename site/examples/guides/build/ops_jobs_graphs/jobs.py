"""Jobs: op jobs built with @dg.job, their config and resources, and asset jobs."""

import dagster as dg


# start_ops
class ExportConfig(dg.Config):
    table: str
    row_limit: int = 1000


@dg.op
def extract(config: ExportConfig) -> list[dict]:
    return [{"table": config.table, "row": n} for n in range(min(config.row_limit, 3))]


@dg.op
def validate(rows: list[dict]) -> list[dict]:
    if not rows:
        raise ValueError("The export is empty")
    return rows


class FileDrop(dg.ConfigurableResource):
    folder: str

    def upload(self, name: str, rows: list[dict]) -> str:
        return f"{self.folder}/{name} ({len(rows)} rows)"


@dg.op
def upload(context: dg.OpExecutionContext, drop: FileDrop, rows: list[dict]) -> str:
    location = drop.upload("export.json", rows)
    context.log.info(f"Uploaded to {location}")
    return location


# end_ops


# start_job
@dg.job(tags={"team": "data-platform"}, description="Copies a table to the partner drop.")
def partner_export_job():
    # Calling ops inside a job wires outputs to inputs; nothing runs yet.
    upload(validate(extract()))


# end_job


# start_job_with_config
# Default config baked into a second job built from the same ops.
@dg.job(
    config=dg.RunConfig(ops={"extract": ExportConfig(table="orders", row_limit=500)}),
)
def orders_export_job():
    upload(validate(extract()))


# end_job_with_config


# start_asset_job
@dg.asset
def partner_list() -> list[str]:
    return ["acme", "globex"]


@dg.asset
def partner_report(partner_list: list[str]) -> str:
    return ", ".join(partner_list)


# An asset job selects assets instead of wiring ops.
partner_assets_job = dg.define_asset_job(
    "partner_assets_job", selection=[partner_list, partner_report]
)
# end_asset_job


# start_schedule
nightly_export = dg.ScheduleDefinition(job=orders_export_job, cron_schedule="0 2 * * *")
# end_schedule


# start_definitions
defs = dg.Definitions(
    assets=[partner_list, partner_report],
    jobs=[partner_export_job, orders_export_job, partner_assets_job],
    schedules=[nightly_export],
    resources={"drop": FileDrop(folder="sftp://partners.example.com/inbox")},
)
# end_definitions


# start_execute_in_process
def run_export_locally() -> str:
    result = partner_export_job.execute_in_process(
        run_config=dg.RunConfig(ops={"extract": ExportConfig(table="customers", row_limit=2)}),
        resources={"drop": FileDrop(folder="/tmp/drop")},
    )
    assert result.success
    return result.output_for_node("upload")


# end_execute_in_process
