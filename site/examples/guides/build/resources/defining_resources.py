"""Defining a resource with dg.ConfigurableResource and using it from assets, jobs and sensors."""

from pathlib import Path

import dagster as dg


# start_define_resource
class ReportStore(dg.ConfigurableResource):
    """Writes text reports to a folder on disk."""

    base_dir: str

    def write(self, name: str, text: str) -> Path:
        path = Path(self.base_dir) / f"{name}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return path

    def list_reports(self) -> list[str]:
        return sorted(p.stem for p in Path(self.base_dir).glob("*.txt"))


# end_define_resource


# start_use_in_asset
@dg.asset
def signups() -> list[str]:
    return ["ana@example.com", "bo@example.com", "cy@example.com"]


@dg.asset
def signup_report(signups: list[str], report_store: ReportStore) -> dg.MaterializeResult:
    # The parameter name, report_store, is the resource key in Definitions.
    path = report_store.write("signups", f"{len(signups)} new signups\n")
    return dg.MaterializeResult(metadata={"path": dg.MetadataValue.path(str(path))})


# end_use_in_asset


# start_use_in_op_and_sensor
@dg.op
def clean_old_reports(context: dg.OpExecutionContext, report_store: ReportStore) -> None:
    context.log.info(f"Found reports: {report_store.list_reports()}")


@dg.job
def housekeeping_job():
    clean_old_reports()


@dg.sensor(job=housekeeping_job, minimum_interval_seconds=3600)
def too_many_reports_sensor(report_store: ReportStore):
    # Sensors and schedules ask for resources the same way.
    if len(report_store.list_reports()) > 100:
        yield dg.RunRequest()
    else:
        yield dg.SkipReason("Fewer than 100 reports")


# end_use_in_op_and_sensor


# start_definitions
defs = dg.Definitions(
    assets=[signups, signup_report],
    jobs=[housekeeping_job],
    sensors=[too_many_reports_sensor],
    resources={"report_store": ReportStore(base_dir="reports")},
)
# end_definitions
