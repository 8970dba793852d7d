"""Run the steps of a job on a Dask cluster."""

import dagster as dg
from dagster_dask import dask_executor


@dg.asset
def sensor_readings() -> list[float]:
    return [20.5, 21.0, 19.8]


@dg.asset
def average_reading(sensor_readings: list[float]) -> float:
    return sum(sensor_readings) / len(sensor_readings)


# start_local_cluster
# Start a Dask LocalCluster for each run; keys under `local` are passed
# to dask.distributed.LocalCluster.
local_dask_job = dg.define_asset_job(
    "local_dask_job",
    selection=[sensor_readings, average_reading],
    executor_def=dask_executor.configured(
        {"cluster": {"local": {"n_workers": 2, "threads_per_worker": 1}}}
    ),
)
# end_local_cluster

# start_existing_cluster
# Send the steps to a scheduler that is already running.
remote_dask_job = dg.define_asset_job(
    "remote_dask_job",
    selection=[sensor_readings, average_reading],
    executor_def=dask_executor.configured(
        {"cluster": {"existing": {"address": {"env": "DASK_SCHEDULER_ADDRESS"}}}}
    ),
)
# end_existing_cluster

# start_resource_requirements
# Ask Dask to place this step on a worker that advertises a GPU resource.
@dg.asset(op_tags={"dagster-dask/resource_requirements": {"GPU": 1}})
def reading_model(sensor_readings: list[float]) -> float:
    return max(sensor_readings)
# end_resource_requirements

defs = dg.Definitions(
    assets=[sensor_readings, average_reading, reading_model],
    jobs=[local_dask_job, remote_dask_job],
)
