"""The sensor that turns request files into runs."""

import json

import dagster as dg

from .assets import AdhocRequestConfig, adhoc_request
from .resources import RequestFolder

adhoc_request_job = dg.define_asset_job(
    name="adhoc_request_job",
    selection=dg.AssetSelection.assets(adhoc_request),
)


@dg.sensor(job=adhoc_request_job, minimum_interval_seconds=30)
def adhoc_request_sensor(
    context: dg.SensorEvaluationContext, request_folder: RequestFolder
) -> dg.SensorResult | dg.SkipReason:
    """Start one run of adhoc_request for every new or changed request file."""
    run_requests = []
    for path in request_folder.request_files():
        request = json.loads(path.read_text())
        config = AdhocRequestConfig(
            request_file=path.name,
            category=request["category"],
            start_date=request["start_date"],
            end_date=request["end_date"],
        )
        run_requests.append(
            dg.RunRequest(
                # The run key makes each file version trigger exactly one run.
                run_key=f"{path.name}:{path.stat().st_mtime_ns}",
                run_config=dg.RunConfig(ops={"adhoc_request": config}),
            )
        )

    if not run_requests:
        return dg.SkipReason(f"No request files in {request_folder.path}")
    context.log.info(f"Found {len(run_requests)} request files")
    return dg.SensorResult(run_requests=run_requests)
