import os
from pathlib import Path

import dagster as dg

# start_job
def drop_folder() -> Path:
    """The folder the sensors watch. Set DROP_FOLDER to change it."""
    return Path(os.getenv("DROP_FOLDER", "data/incoming"))


class ImportConfig(dg.Config):
    path: str


@dg.asset
def imported_file(context: dg.AssetExecutionContext, config: ImportConfig) -> int:
    lines = Path(config.path).read_text().splitlines()
    context.log.info(f"Imported {len(lines)} lines from {config.path}")
    return len(lines)


import_job = dg.define_asset_job("import_job", selection=[imported_file])
# end_job


# start_run_key_sensor
@dg.sensor(target=import_job, minimum_interval_seconds=60)
def new_file_sensor(context: dg.SensorEvaluationContext):
    folder = drop_folder()
    files = sorted(folder.glob("*.csv")) if folder.exists() else []
    if not files:
        return dg.SkipReason(f"No CSV files in {folder}")
    # One run per file. The run key makes Dagster skip files it already ran.
    return [
        dg.RunRequest(
            run_key=path.name,
            run_config=dg.RunConfig({"imported_file": ImportConfig(path=str(path))}),
        )
        for path in files
    ]
# end_run_key_sensor


# start_cursor_sensor
@dg.sensor(target=import_job, default_status=dg.DefaultSensorStatus.RUNNING)
def modified_file_sensor(context: dg.SensorEvaluationContext):
    folder = drop_folder()
    # The cursor holds the newest modification time seen so far.
    last_seen = float(context.cursor) if context.cursor else 0.0
    newest = last_seen
    run_requests = []
    for path in sorted(folder.glob("*.csv")) if folder.exists() else []:
        modified = path.stat().st_mtime
        if modified > last_seen:
            run_requests.append(
                dg.RunRequest(
                    run_key=f"{path.name}:{modified}",
                    run_config=dg.RunConfig(
                        {"imported_file": ImportConfig(path=str(path))}
                    ),
                )
            )
            newest = max(newest, modified)
    return dg.SensorResult(run_requests=run_requests, cursor=str(newest))
# end_cursor_sensor


# start_definitions
defs = dg.Definitions(
    assets=[imported_file],
    jobs=[import_job],
    sensors=[new_file_sensor, modified_file_sensor],
)
# end_definitions
