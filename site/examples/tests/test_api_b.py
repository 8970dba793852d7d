"""Tests for the examples of the API reference pages of writer B:
schedules-sensors, partitions, asset-checks."""

import datetime

import dagster as dg

from example_loader import load_example


# --- schedules and sensors ---------------------------------------------------


def test_schedule_requests_a_keyed_run_for_the_tick_day():
    example = load_example("api/schedules_sensors_reference.py")
    context = dg.build_schedule_context(
        scheduled_execution_time=datetime.datetime(2026, 3, 1, 6, 0)
    )
    request = example.morning_orders(context)
    assert isinstance(request, dg.RunRequest)
    assert request.run_key == "2026-03-01"
    assert request.tags["day"] == "2026-03-01"
    assert example.morning_orders.cron_schedule == "0 6 * * *"
    assert example.morning_orders.execution_timezone == "Europe/Paris"
    assert example.morning_orders.default_status == dg.DefaultScheduleStatus.RUNNING


def test_sensor_skips_then_requests_new_files_and_moves_the_cursor(tmp_path, monkeypatch):
    example = load_example("api/schedules_sensors_reference.py")
    monkeypatch.setenv("ORDERS_DROP_FOLDER", str(tmp_path))
    assert example.new_order_files.minimum_interval_seconds == 60
    assert example.new_order_files.default_status == dg.DefaultSensorStatus.STOPPED

    skipped = example.new_order_files(dg.build_sensor_context())
    assert isinstance(skipped, dg.SkipReason)

    (tmp_path / "a.csv").write_text("1")
    (tmp_path / "b.csv").write_text("2")
    result = example.new_order_files(dg.build_sensor_context())
    assert isinstance(result, dg.SensorResult)
    assert [r.run_key for r in result.run_requests] == ["a.csv", "b.csv"]
    assert result.cursor == "a.csv,b.csv"

    (tmp_path / "c.csv").write_text("3")
    result = example.new_order_files(dg.build_sensor_context(cursor="a.csv,b.csv"))
    assert [r.run_key for r in result.run_requests] == ["c.csv"]


def test_run_failure_sensor_targets_the_job():
    example = load_example("api/schedules_sensors_reference.py")
    sensor = example.report_order_failures
    assert isinstance(sensor, dg.RunStatusSensorDefinition)
    assert "report_order_failures" in [s.name for s in example.defs.sensors]


def test_run_failure_sensor_reads_the_failure_event():
    messages = []

    @dg.op
    def broken():
        raise ValueError("boom")

    @dg.job
    def broken_job():
        broken()

    @dg.run_failure_sensor(monitored_jobs=[broken_job])
    def collect(context: dg.RunFailureSensorContext):
        messages.append(context.dagster_run.job_name)

    instance = dg.DagsterInstance.ephemeral()
    result = broken_job.execute_in_process(instance=instance, raise_on_error=False)
    failure_event = result.get_run_failure_event()
    context = dg.build_run_status_sensor_context(
        sensor_name="collect",
        dagster_event=failure_event,
        dagster_instance=instance,
        dagster_run=result.dagster_run,
    ).for_run_failure()
    collect(context)
    assert messages == ["broken_job"]


def test_eager_condition_requests_the_downstream_after_an_upstream_update():
    example = load_example("api/schedules_sensors_reference.py")
    instance = dg.DagsterInstance.ephemeral()
    first = dg.evaluate_automation_conditions(defs=example.defs, instance=instance)
    assert first.get_num_requested(dg.AssetKey("order_summary")) == 0
    instance.report_runless_asset_event(dg.AssetMaterialization("daily_orders"))
    second = dg.evaluate_automation_conditions(
        defs=example.defs, instance=instance, cursor=first.cursor
    )
    assert second.get_num_requested(dg.AssetKey("order_summary")) == 1


# --- partitions --------------------------------------------------------------


def test_daily_partitions_use_the_time_zone_and_date_keys():
    example = load_example("api/partitions_reference.py")
    assert example.daily.timezone == "Europe/Paris"
    with dg.partition_loading_context(
        effective_dt=datetime.datetime(2026, 1, 4, 12, tzinfo=datetime.timezone.utc)
    ):
        keys = example.daily.get_partition_keys()
    # The day in progress (2026-01-04) is not a partition yet.
    assert keys == ["2026-01-01", "2026-01-02", "2026-01-03"]


def test_time_window_mapping_reads_the_previous_day_too():
    example = load_example("api/partitions_reference.py")
    mapping = dg.TimeWindowPartitionMapping(start_offset=-1)
    with dg.partition_loading_context(
        effective_dt=datetime.datetime(2026, 2, 1, tzinfo=datetime.timezone.utc)
    ):
        result = mapping.get_upstream_mapped_partitions_result_for_partitions(
            example.daily.subset_with_partition_keys(["2026-01-05"]),
            example.daily,
            example.daily,
        )
        upstream = sorted(result.partitions_subset.get_partition_keys())
    assert upstream == ["2026-01-04", "2026-01-05"]


def test_multi_partitioned_asset_sees_each_dimension():
    example = load_example("api/partitions_reference.py")
    key = dg.MultiPartitionKey({"date": "2026-01-02", "region": "eu"})
    assert str(key) == "2026-01-02|eu"
    result = dg.materialize([example.regional_sales], partition_key=key)
    assert result.success
    assert result.output_for_node("regional_sales") == {"date": "2026-01-02", "region": "eu"}


def test_single_run_backfill_policy_and_daily_partition_materialize():
    example = load_example("api/partitions_reference.py")
    assert example.daily_sales.backfill_policy == dg.BackfillPolicy.single_run()
    result = dg.materialize([example.daily_sales], partition_key="2026-01-02")
    assert result.success


def test_sensor_adds_dynamic_partitions_and_requests_runs():
    example = load_example("api/partitions_reference.py")
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions("stores", ["lyon"])
    result = example.new_stores(dg.build_sensor_context(instance=instance))
    assert [r.partition_key for r in result.run_requests] == ["paris"]
    (request,) = result.dynamic_partitions_requests
    assert isinstance(request, dg.AddDynamicPartitionsRequest)
    assert request.partition_keys == ["paris"]


def test_schedule_from_partitioned_job_runs_the_day_that_ended():
    example = load_example("api/partitions_reference.py")
    schedule = example.defs.resolve_schedule_def("daily_sales_job_schedule")
    assert schedule.cron_schedule == "0 3 * * *"
    assert schedule.execution_timezone == "Europe/Paris"
    context = dg.build_schedule_context(
        scheduled_execution_time=datetime.datetime(2026, 1, 5, 3, 0, tzinfo=datetime.timezone.utc)
    )
    (request,) = schedule.evaluate_tick(context).run_requests
    assert request.partition_key == "2026-01-04"


# --- asset checks ------------------------------------------------------------


def test_all_checks_run_with_their_assets_and_report_results():
    example = load_example("api/asset_checks_reference.py")
    result = dg.materialize(
        [
            example.orders,
            example.refunds,
            example.orders_have_unique_ids,
            example.amount_limits,
            *example.row_count_checks,
        ]
    )
    assert result.success
    evaluations = {
        (e.asset_key.to_user_string(), e.check_name): e
        for e in result.get_asset_check_evaluations()
    }
    assert set(evaluations) == {
        ("orders", "orders_have_unique_ids"),
        ("refunds", "no_negative_amounts"),
        ("refunds", "has_rows"),
        ("orders", "amounts_below_limit"),
        ("refunds", "amounts_below_limit"),
        ("orders", "dagster_row_count_bounds_check"),
    }
    assert all(e.passed for e in evaluations.values())
    assert evaluations[("refunds", "has_rows")].severity == dg.AssetCheckSeverity.WARN
    assert evaluations[("orders", "orders_have_unique_ids")].severity == dg.AssetCheckSeverity.ERROR


def test_check_function_can_be_called_directly():
    example = load_example("api/asset_checks_reference.py")
    result = example.orders_have_unique_ids()
    assert isinstance(result, dg.AssetCheckResult)
    assert result.passed
    assert result.metadata["duplicates"].value == 0
    (spec,) = example.orders_have_unique_ids.check_specs
    assert spec.blocking


def test_metadata_bounds_check_fails_when_row_count_is_zero():
    @dg.asset
    def empty_table() -> dg.MaterializeResult:
        return dg.MaterializeResult(metadata={"dagster/row_count": 0})

    checks = dg.build_metadata_bounds_checks(
        assets=[empty_table], metadata_key="dagster/row_count", min_value=1
    )
    result = dg.materialize([empty_table, *checks])
    (evaluation,) = result.get_asset_check_evaluations()
    assert not evaluation.passed
    assert evaluation.severity == dg.AssetCheckSeverity.WARN


def test_blocking_check_stops_downstream_assets():
    @dg.asset
    def source() -> int:
        return 1

    @dg.asset_check(asset=source, blocking=True)
    def always_fails() -> dg.AssetCheckResult:
        return dg.AssetCheckResult(passed=False)

    @dg.asset(deps=[source])
    def downstream() -> None:
        pass

    result = dg.materialize([source, always_fails, downstream], raise_on_error=False)
    materialized = {
        e.asset_key.to_user_string() for e in result.get_asset_materialization_events()
    }
    assert materialized == {"source"}
