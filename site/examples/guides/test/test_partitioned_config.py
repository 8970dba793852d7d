# Tests a reader puts next to partitioned_config.py and runs with pytest.
import dagster as dg
from partitioned_config import (
    daily_extract_config,
    daily_extract_job,
    region_config,
    regional_export_job,
    weekly_signups,
)


# start_test_config_for_key
def test_daily_config_for_one_partition():
    run_config = daily_extract_config.get_run_config_for_partition_key("2024-03-15")
    assert run_config["ops"]["extract_events"]["config"] == {
        "start": "2024-03-15",
        "end": "2024-03-16",
    }


# end_test_config_for_key


# start_test_config_is_valid
def test_every_region_config_is_valid():
    for key in region_config.partitions_def.get_partition_keys():
        run_config = region_config.get_run_config_for_partition_key(key)
        # Raises if the config does not match the job's config schema.
        assert dg.validate_run_config(regional_export_job, run_config)


# end_test_config_is_valid


# start_test_job_partition
def test_job_runs_one_partition():
    result = daily_extract_job.execute_in_process(partition_key="2024-03-15")
    assert result.success
    assert result.output_for_node("extract_events") == "2024-03-15/2024-03-16"


# end_test_job_partition


# start_test_asset_partition
def test_partitioned_asset():
    result = dg.materialize([weekly_signups], partition_key="2024-01-07")
    assert result.success
    assert result.output_for_node("weekly_signups") == "2024-01-07..2024-01-14"


# end_test_asset_partition

