"""Tests for the Automate guides (site/examples/guides/automate/...): schedules,
sensors, asset sensors and Declarative Automation. Each test checks what the
page says the example does."""

import datetime
import inspect
import re
import sys
import zoneinfo
from pathlib import Path

import pytest
from example_loader import EXAMPLES_ROOT, load_example

import dagster as dg

AUTOMATE = "guides/automate"
DOCS = EXAMPLES_ROOT.parent / "docs" / "guides" / "automate"
AC = dg.AutomationCondition
K = dg.AssetKey


def _tick(*args, tz=None) -> dg.ScheduleEvaluationContext:
    when = datetime.datetime(*args, tzinfo=zoneinfo.ZoneInfo(tz) if tz else None)
    return dg.build_schedule_context(scheduled_execution_time=when)


@pytest.fixture
def example_dir_on_path():
    """Some example files import their siblings (the test files on the pages)."""

    def _add(folder: str):
        path = str(EXAMPLES_ROOT / AUTOMATE / folder)
        sys.path.insert(0, path)
        return path

    added = []
    yield lambda folder: added.append(_add(folder))
    for path in added:
        sys.path.remove(path)
    for name in [
        "file_sensor",
        "sensor_resources",
        "configuring_job_behavior",
        "schedule_resources",
        "run_status_sensors",
    ]:
        sys.modules.pop(name, None)


# --- schedules: defining ------------------------------------------------------


def test_defining_schedules_targets_and_crons():
    m = load_example(f"{AUTOMATE}/schedules/defining_schedules.py")
    assert m.daily_customer_schedule.cron_schedule == "0 6 * * *"
    assert m.daily_customer_schedule.job_name == "customer_job"
    assert m.weekday_customer_schedule.default_status == dg.DefaultScheduleStatus.RUNNING
    assert m.daily_customer_schedule.default_status == dg.DefaultScheduleStatus.STOPPED
    assert m.uneven_schedule.cron_schedule == ["0 8,18 * * 1-5", "0 12 * * 6"]
    hourly = m.defs.resolve_schedule_def("hourly_export_schedule")
    assert hourly.execution_timezone is None  # the page: UTC unless set

    data = m.daily_customer_schedule.evaluate_tick(_tick(2024, 3, 15, 6, 0))
    assert len(data.run_requests) == 1
    assert data.run_requests[0].tags["dagster/schedule_name"] == "daily_customer_schedule"


def test_business_hours_schedule_runs_and_skips():
    m = load_example(f"{AUTOMATE}/schedules/defining_schedules.py")
    request = m.business_hours_schedule(_tick(2024, 3, 15, 10, 0))
    assert request.run_key == "2024-03-15T10:00:00"
    assert request.tags == {"scheduled_hour": "10"}
    skip = m.business_hours_schedule(_tick(2024, 3, 15, 20, 0))
    assert isinstance(skip, dg.SkipReason)
    assert skip.skip_message == "20:00 is outside business hours"


def test_defining_schedules_assets_materialize():
    m = load_example(f"{AUTOMATE}/schedules/defining_schedules.py")
    result = m.defs.resolve_job_def("customer_job").execute_in_process()
    assert result.output_for_node("customer_summary") == {"customers": 2}


# --- schedules: configuring job behavior --------------------------------------


def test_static_config_schedule_launches():
    m = load_example(f"{AUTOMATE}/schedules/configuring_job_behavior.py")
    data = m.weekly_refunds_schedule.evaluate_tick(_tick(2024, 3, 18, 5, 0))
    [request] = data.run_requests
    assert request.tags["team"] == "finance"
    job = m.defs.resolve_job_def("sales_report_job")
    result = job.execute_in_process(run_config=request.run_config)
    assert result.output_for_node("sales_report") == {"date": "latest", "refunds": True}


def test_dynamic_config_schedule_launches_with_its_config():
    m = load_example(f"{AUTOMATE}/schedules/configuring_job_behavior.py")
    request = m.daily_sales_schedule(_tick(2024, 3, 15, 1, 0))
    assert request.run_key == "2024-03-14"
    assert request.tags == {"team": "finance", "report_date": "2024-03-14"}
    job = m.defs.resolve_job_def("sales_report_job")
    result = job.execute_in_process(run_config=request.run_config)
    assert result.output_for_node("sales_report") == {"date": "2024-03-14", "refunds": False}


def test_run_config_fn_and_tags_fn():
    m = load_example(f"{AUTOMATE}/schedules/configuring_job_behavior.py")
    [request] = m.month_end_schedule.evaluate_tick(_tick(2024, 3, 1, 2, 0)).run_requests
    assert request.tags["weekday"] == "friday"
    job = m.defs.resolve_job_def("sales_report_job")
    assert job.execute_in_process(run_config=request.run_config).success


def test_validate_run_config_rejects_bad_config():
    m = load_example(f"{AUTOMATE}/schedules/configuring_job_behavior.py")
    job = m.defs.resolve_job_def("sales_report_job")
    with pytest.raises(dg.DagsterInvalidConfigError):
        dg.validate_run_config(job, {"ops": {"sales_report": {"config": {"reportdate": "x"}}}})


# --- schedules: partitioned ----------------------------------------------------


def test_partitioned_schedule_requests_previous_day():
    m = load_example(f"{AUTOMATE}/schedules/partitioned_schedules.py")
    schedule = m.defs.resolve_schedule_def("daily_events_job_schedule")
    assert schedule.cron_schedule == "15 0 * * *"
    assert schedule.execution_timezone == "UTC"
    [request] = schedule.evaluate_tick(_tick(2024, 3, 15, 0, 15, tz="UTC")).run_requests
    assert request.partition_key == "2024-03-14"
    assert request.run_key == "2024-03-14"
    assert request.tags["dagster/partition"] == "2024-03-14"
    late = m.defs.resolve_schedule_def("late_daily_events_schedule")
    assert late.cron_schedule == "30 3 * * *"


def test_partitioned_schedule_rejects_timezone_for_time_partitions():
    m = load_example(f"{AUTOMATE}/schedules/partitioned_schedules.py")
    job = m.defs.resolve_job_def("daily_events_job")
    with pytest.raises(Exception, match="Cannot provide cron_schedule or execution_timezone"):
        dg.build_schedule_from_partitioned_job(job, execution_timezone="Europe/Paris")


def test_static_partitions_op_job_with_cron():
    @dg.op
    def noop() -> None: ...

    @dg.job(partitions_def=dg.StaticPartitionsDefinition(["us", "eu"]))
    def static_job():
        noop()

    schedule = dg.build_schedule_from_partitioned_job(static_job, cron_schedule="0 4 * * *")
    requests = schedule.evaluate_tick(_tick(2024, 3, 15, 4, 0)).run_requests
    assert [r.partition_key for r in requests] == ["us", "eu"]


def test_static_and_rerun_schedules():
    m = load_example(f"{AUTOMATE}/schedules/partitioned_schedules.py")
    requests = list(m.regional_prices_schedule(_tick(2024, 3, 15, 4, 0)))
    assert [(r.run_key, r.partition_key) for r in requests] == [
        ("2024-03-15-us", "us"),
        ("2024-03-15-eu", "eu"),
        ("2024-03-15-apac", "apac"),
    ]
    reruns = m.weekly_rerun_schedule(_tick(2024, 3, 18, 6, 0, tz="UTC"))
    assert [r.partition_key for r in reruns] == ["2024-03-15", "2024-03-16", "2024-03-17"]
    result = dg.materialize([m.daily_events], partition_key="2024-03-15")
    assert result.output_for_node("daily_events") == {"day": "2024-03-15"}


# --- schedules: timezones ------------------------------------------------------


def test_execution_timezones():
    m = load_example(f"{AUTOMATE}/schedules/execution_timezone.py")
    assert m.new_york_morning_schedule.execution_timezone == "America/New_York"
    tokyo = m.defs.resolve_schedule_def("tokyo_orders_job_schedule")
    assert (tokyo.cron_schedule, tokyo.execution_timezone) == ("0 0 * * *", "Asia/Tokyo")
    [request] = tokyo.evaluate_tick(_tick(2024, 3, 15, 0, 0, tz="Asia/Tokyo")).run_requests
    assert request.partition_key == "2024-03-14"
    berlin = m.berlin_close_schedule(_tick(2024, 3, 15, 18, 0, tz="Europe/Berlin"))
    assert berlin.run_key == "2024-03-15T18:00:00+01:00"


def _ticks(cron: str, tz: str, start: datetime.datetime, count: int) -> list[str]:
    # Dagster's own tick iterator (internal), to check the DST table on the page.
    from dagster._utils.schedules import cron_string_iterator

    ticks = cron_string_iterator(start.timestamp(), cron, tz)
    return [next(ticks).isoformat() for _ in range(count)]


def test_dst_behaviour_matches_the_page():
    la = zoneinfo.ZoneInfo("America/Los_Angeles")
    # Spring forward: daily 02:30 runs at 03:00; hourly skips the missing hour.
    assert _ticks("30 2 * * *", "America/Los_Angeles", datetime.datetime(2024, 3, 9, 3, tzinfo=la), 1) == [
        "2024-03-10T03:00:00-07:00"
    ]
    assert _ticks("30 * * * *", "America/Los_Angeles", datetime.datetime(2024, 3, 10, 1, tzinfo=la), 2) == [
        "2024-03-10T01:30:00-08:00",
        "2024-03-10T03:30:00-07:00",
    ]
    # Fall back: daily 01:30 runs once, at the second occurrence; hourly runs at both.
    assert _ticks("30 1 * * *", "America/Los_Angeles", datetime.datetime(2024, 11, 2, 2, tzinfo=la), 1) == [
        "2024-11-03T01:30:00-08:00"
    ]
    assert _ticks("30 * * * *", "America/Los_Angeles", datetime.datetime(2024, 11, 3, 1, tzinfo=la), 2) == [
        "2024-11-03T01:30:00-07:00",
        "2024-11-03T01:30:00-08:00",
    ]


# --- schedules: resources and the test file on the page -------------------------


def test_schedule_with_resource():
    m = load_example(f"{AUTOMATE}/schedules/schedule_resources.py")
    calendar = m.CalendarClient(country="GB")
    ctx = dg.build_schedule_context(
        scheduled_execution_time=datetime.datetime(2024, 3, 15, 7), resources={"calendar": calendar}
    )
    assert m.settlement_schedule(ctx).run_key == "2024-03-15"
    with pytest.raises(dg.DagsterInvalidDefinitionError, match="'calendar'"):
        m.settlement_schedule.evaluate_tick(_tick(2024, 3, 15, 7, 0))


def test_schedule_tests_from_the_page(example_dir_on_path):
    example_dir_on_path("schedules")
    m = load_example(f"{AUTOMATE}/schedules/schedule_tests.py")
    m.test_daily_sales_schedule()
    m.test_month_end_schedule()
    m.test_settlement_schedule_skips_holidays()


# --- sensors -------------------------------------------------------------------


def test_file_sensors(tmp_path, monkeypatch):
    monkeypatch.setenv("DROP_FOLDER", str(tmp_path))
    m = load_example(f"{AUTOMATE}/sensors/file_sensor.py")
    skip = m.new_file_sensor(dg.build_sensor_context())
    assert skip.skip_message == f"No CSV files in {tmp_path}"
    assert m.new_file_sensor.minimum_interval_seconds == 60
    assert m.modified_file_sensor.minimum_interval_seconds == 30  # the default
    assert m.modified_file_sensor.default_status == dg.DefaultSensorStatus.RUNNING

    (tmp_path / "a.csv").write_text("x\ny\n")
    [request] = m.new_file_sensor(dg.build_sensor_context())
    assert request.run_key == "a.csv"
    job = m.defs.resolve_job_def("import_job")
    assert job.execute_in_process(run_config=request.run_config).output_for_node("imported_file") == 2


def test_sensor_tests_from_the_page(tmp_path, monkeypatch, example_dir_on_path):
    example_dir_on_path("sensors")
    m = load_example(f"{AUTOMATE}/sensors/sensor_tests.py")
    for name in ["test_new_file_sensor", "test_modified_file_sensor_advances_cursor"]:
        folder = tmp_path / name
        folder.mkdir()
        sys.modules.pop("file_sensor", None)
        getattr(m, name)(folder, monkeypatch)
    m.test_new_tickets_sensor()


def test_sensor_resource_skip_keeps_cursor():
    m = load_example(f"{AUTOMATE}/sensors/sensor_resources.py")
    fake = load_example(f"{AUTOMATE}/sensors/sensor_tests.py").FakeTicketingClient(ticket_ids=[1, 2])
    result = m.new_tickets_sensor(dg.build_sensor_context(cursor="5", resources={"ticketing": fake}))
    assert result.run_requests in (None, [])
    assert result.skip_reason.skip_message == "No tickets after 5"
    assert result.cursor is None


def test_logging_sensor(caplog):
    m = load_example(f"{AUTOMATE}/sensors/logging_in_sensors.py")
    request = m.pending_orders_sensor(dg.build_sensor_context())
    assert request.run_key == "order-17,order-18"


def test_logging_sensor_skips_when_unreachable(monkeypatch):
    m = load_example(f"{AUTOMATE}/sensors/logging_in_sensors.py")

    def unreachable():
        raise ConnectionError("timeout")

    monkeypatch.setattr(m, "fetch_pending_orders", unreachable)
    skip = m.pending_orders_sensor(dg.build_sensor_context())
    assert skip.skip_message == "Order system unreachable"


def test_run_status_sensors(example_dir_on_path, capsys):
    example_dir_on_path("sensors")
    tests = load_example(f"{AUTOMATE}/sensors/run_status_sensor_tests.py")
    tests.test_refresh_dashboard_on_success()
    tests.test_alert_on_orders_failure(capsys)

    m = load_example(f"{AUTOMATE}/sensors/run_status_sensors.py")
    assert m.email_on_failure.name == "email_on_run_failure"
    assert m.alert_on_any_failure.default_status == dg.DefaultSensorStatus.RUNNING


def test_run_status_sensor_request_launches_dashboard_job():
    m = load_example(f"{AUTOMATE}/sensors/run_status_sensors.py")
    instance = dg.DagsterInstance.ephemeral()
    result = m.orders_job.execute_in_process(instance=instance)
    context = dg.build_run_status_sensor_context(
        sensor_name="refresh_dashboard_on_success",
        dagster_instance=instance,
        dagster_run=result.dagster_run,
        dagster_event=result.get_run_success_event(),
    )
    request = m.refresh_dashboard_on_success(context)
    run = m.dashboard_job.execute_in_process(run_config=request.run_config)
    assert run.output_for_node("refresh_dashboard") == result.run_id


# --- asset sensors ---------------------------------------------------------------


@pytest.mark.filterwarnings("ignore::dagster.SupersessionWarning")
def test_asset_sensor_one_run_per_materialization():
    m = load_example(f"{AUTOMATE}/asset_sensors/asset_sensors.py")
    instance = dg.DagsterInstance.ephemeral()
    empty = m.orders_updated_sensor.evaluate_tick(dg.build_sensor_context(instance=instance))
    assert "No new materialization events" in empty.skip_message

    run = dg.materialize([m.daily_orders], instance=instance)
    first = m.orders_updated_sensor.evaluate_tick(dg.build_sensor_context(instance=instance))
    [request] = first.run_requests
    assert request.run_key == run.run_id
    assert request.tags["triggered_by"] == "daily_orders"
    again = m.orders_updated_sensor.evaluate_tick(
        dg.build_sensor_context(instance=instance, cursor=first.cursor)
    )
    assert again.run_requests == []


@pytest.mark.filterwarnings("ignore::dagster.SupersessionWarning")
def test_multi_asset_sensor_waits_for_both():
    m = load_example(f"{AUTOMATE}/asset_sensors/asset_sensors.py")
    instance = dg.DagsterInstance.ephemeral()
    keys = [K("daily_orders"), K("daily_refunds")]

    def context(cursor=None):
        return dg.build_multi_asset_sensor_context(
            monitored_assets=keys, instance=instance, definitions=m.defs, cursor=cursor
        )

    dg.materialize([m.daily_orders], instance=instance)
    assert m.orders_and_refunds_sensor(context()).skip_message == "Waiting for daily_refunds"
    dg.materialize([m.daily_refunds], instance=instance)
    ctx = context()
    assert isinstance(m.orders_and_refunds_sensor(ctx), dg.RunRequest)
    # After advancing the cursors, both assets need a new materialization.
    skip = m.orders_and_refunds_sensor(context(ctx.cursor))
    assert skip.skip_message == "Waiting for daily_orders, daily_refunds"


@pytest.mark.filterwarnings("ignore::dagster.SupersessionWarning")
def test_asset_sensors_default_sensor_and_freshness():
    m = load_example(f"{AUTOMATE}/asset_sensors/asset_sensors.py")
    names = {s.name for s in m.defs.get_repository_def().sensor_defs}
    assert "default_automation_condition_sensor" in names
    assert m.exchange_rates.freshness_policy is not None if hasattr(m.exchange_rates, "freshness_policy") else True
    assert dg.materialize([m.finance_report]).success


# --- Declarative Automation --------------------------------------------------------


def _evaluate(assets, instance, when=None, cursor=None):
    return dg.evaluate_automation_conditions(
        defs=assets, instance=instance, evaluation_time=when, cursor=cursor
    )


def test_eager_requests_after_parent_update():
    m = load_example(f"{AUTOMATE}/declarative_automation/basic_conditions.py")
    instance = dg.DagsterInstance.ephemeral()
    assets = [m.raw_orders, m.cleaned_orders]
    result = _evaluate(assets, instance)
    assert result.total_requested == 0  # already missing when first evaluated: not requested
    dg.materialize([m.raw_orders], instance=instance)
    result = _evaluate(assets, instance, cursor=result.cursor)
    assert result.get_num_requested(K("cleaned_orders")) == 1
    dg.materialize([m.cleaned_orders, m.raw_orders], instance=instance, selection=[m.cleaned_orders])
    result = _evaluate(assets, instance, cursor=result.cursor)
    assert result.total_requested == 0


def test_on_cron_waits_for_tick_and_parents():
    m = load_example(f"{AUTOMATE}/declarative_automation/basic_conditions.py")
    instance = dg.DagsterInstance.ephemeral()
    assets = [m.raw_orders, m.cleaned_orders, m.orders_report]
    day = datetime.datetime(2024, 3, 15, tzinfo=datetime.timezone.utc)
    result = _evaluate(assets, instance, day.replace(hour=8, minute=59))
    result = _evaluate(assets, instance, day.replace(hour=9, minute=1), result.cursor)
    assert result.get_num_requested(K("orders_report")) == 0  # parent not updated yet
    dg.materialize([m.raw_orders, m.cleaned_orders], instance=instance)
    result = _evaluate(assets, instance, day.replace(hour=9, minute=2), result.cursor)
    assert result.get_num_requested(K("orders_report")) == 1
    dg.materialize([m.raw_orders, m.cleaned_orders], instance=instance)
    result = _evaluate(assets, instance, day.replace(hour=10, minute=30), result.cursor)
    assert result.get_num_requested(K("orders_report")) == 0  # once per cron period


def test_on_missing_requests_new_partition():
    m = load_example(f"{AUTOMATE}/declarative_automation/basic_conditions.py")
    instance = dg.DagsterInstance.ephemeral()
    result = _evaluate([m.hourly_clicks], instance, datetime.datetime(2024, 1, 2, 5, 5))
    assert result.total_requested == 0
    result = _evaluate([m.hourly_clicks], instance, datetime.datetime(2024, 1, 2, 6, 5), result.cursor)
    assert result.get_requested_partitions(K("hourly_clicks")) == {"2024-01-02-05:00"}


def test_automation_condition_sensors():
    m = load_example(f"{AUTOMATE}/declarative_automation/basic_conditions.py")
    sensor = m.orders_automation_sensor
    assert sensor.default_status == dg.DefaultSensorStatus.RUNNING
    assert sensor.minimum_interval_seconds == 60
    repo = m.defs.get_repository_def()
    default = repo.get_sensor_def("default_automation_condition_sensor")
    assert default.minimum_interval_seconds == 30
    covered_by_default = default.asset_selection.resolve(repo.asset_graph)
    assert K("hourly_clicks") in covered_by_default
    assert K("cleaned_orders") not in covered_by_default  # covered by orders_automation_sensor
    plain = dg.AutomationConditionSensorDefinition("s", target=dg.AssetSelection.all())
    assert plain.default_status == dg.DefaultSensorStatus.STOPPED


def test_migrated_conditions():
    m = load_example(f"{AUTOMATE}/declarative_automation/migrated_conditions.py")
    names = [s.name for s in m.defs.get_repository_def().sensor_defs]
    assert names == ["automation_sensor"]  # no default sensor when all assets are covered
    assert m.automation_sensor.default_status == dg.DefaultSensorStatus.RUNNING
    instance = dg.DagsterInstance.ephemeral()
    assets = [m.source_table, m.staged_table, m.nightly_mart]
    result = _evaluate(assets, instance)
    dg.materialize([m.source_table], instance=instance)
    result = _evaluate(assets, instance, cursor=result.cursor)
    assert result.get_num_requested(K("staged_table")) == 1


def test_operands_example_conditions():
    m = load_example(f"{AUTOMATE}/declarative_automation/operands_and_operators.py")
    instance = dg.DagsterInstance.ephemeral()
    assets = [m.raw_events, m.country_codes, m.enriched_events, m.event_counts]
    day = datetime.datetime(2024, 3, 15, tzinfo=datetime.timezone.utc)
    result = _evaluate(assets, instance, day.replace(hour=5))
    # missing() & ~in_progress(): requested on every tick while missing.
    assert result.get_num_requested(K("event_counts")) == 1
    result = _evaluate(assets, instance, day.replace(hour=6, minute=1), result.cursor)
    dg.materialize([m.raw_events], instance=instance)
    result = _evaluate(assets, instance, day.replace(hour=6, minute=2), result.cursor)
    # country_codes is ignored: raw_events alone is enough.
    assert result.get_num_requested(K("enriched_events")) == 1


def test_labels_and_replace():
    m = load_example(f"{AUTOMATE}/declarative_automation/labels.py")
    assert m.hourly_when_parents_ready.get_label() == "hourly, once parents are ready"
    labels = [c.get_label() for c in m.hourly_when_parents_ready.children]
    assert "all parents updated this hour" in labels and "not already running" in labels
    assert AC.on_missing().get_label() == "on_missing"
    assert AC.on_cron("0 9 * * *").get_label() == "on_cron(0 9 * * *, UTC)"
    window = m.on_cron_last_three_days.children[0]
    assert window.name.startswith("in_latest_time_window(lookback_timedelta=3 days")

    instance = dg.DagsterInstance.ephemeral()
    day = datetime.datetime(2024, 3, 15, tzinfo=datetime.timezone.utc)
    result = _evaluate([m.daily_sessions], instance, day.replace(hour=8))
    result = _evaluate([m.daily_sessions], instance, day.replace(hour=9, minute=1), result.cursor)
    assert result.get_requested_partitions(K("daily_sessions")) == {
        "2024-03-12",
        "2024-03-13",
        "2024-03-14",
    }


def test_labeled_and_is_not_flattened():
    a, b, c = AC.missing(), AC.in_progress(), AC.newly_updated()
    assert len((a & b & c).children) == 3
    assert len(((a & b).with_label("ab") & c).children) == 2


def test_custom_condition_freeze_dates():
    m = load_example(f"{AUTOMATE}/declarative_automation/custom_condition.py")
    assets = [m.ledger_entries, m.general_ledger]
    for day, expected in [(23, 1), (24, 0)]:
        instance = dg.DagsterInstance.ephemeral()
        when = datetime.datetime(2024, 12, day, 10, tzinfo=datetime.timezone.utc)
        result = _evaluate(assets, instance, when)
        dg.materialize([m.ledger_entries], instance=instance)
        result = _evaluate(assets, instance, when + datetime.timedelta(minutes=1), result.cursor)
        assert result.total_requested == expected
    assert not hasattr(m.OutsideChangeFreeze(), "with_label")
    assert m.ledger_sensor.sensor_type.name == "AUTOMATION"


def test_customization_ignore_and_without():
    m = load_example(f"{AUTOMATE}/declarative_automation/example_customizations.py")
    instance = dg.DagsterInstance.ephemeral()
    assets = [m.orders, m.exchange_rates, m.orders_in_eur, m.order_totals, m.customers, m.customer_segments]
    result = _evaluate(assets, instance)
    dg.materialize([m.orders], instance=instance)
    result = _evaluate(assets, instance, cursor=result.cursor)
    # exchange_rates is still missing: the variant without the missing-deps part runs,
    # and so does orders_in_eur, whose eager() ignores exchange_rates entirely.
    assert result.get_num_requested(K("order_totals")) == 1
    assert result.get_num_requested(K("orders_in_eur")) == 1

    # Plain eager() waits for a missing dependency.
    @dg.asset(deps=[m.orders, m.exchange_rates], automation_condition=AC.eager())
    def plain_eager() -> None: ...

    instance = dg.DagsterInstance.ephemeral()
    assets = [m.orders, m.exchange_rates, plain_eager]
    result = _evaluate(assets, instance)
    dg.materialize([m.orders], instance=instance)
    result = _evaluate(assets, instance, cursor=result.cursor)
    assert result.get_num_requested(K("plain_eager")) == 0


def test_customization_page_snippet():
    m = load_example(f"{AUTOMATE}/declarative_automation/example_customizations.py")
    instance = dg.DagsterInstance.ephemeral()
    assets = [m.orders, m.exchange_rates, m.orders_in_eur]
    result = _evaluate(assets, instance)
    dg.materialize([m.orders, m.exchange_rates], instance=instance)
    result = _evaluate(assets, instance, cursor=result.cursor)
    assert result.get_num_requested(K("orders_in_eur")) == 1
    dg.materialize([m.exchange_rates], instance=instance)
    dg.materialize([m.orders_in_eur], instance=instance)
    result = _evaluate(assets, instance, cursor=result.cursor)
    assert result.get_num_requested(K("orders_in_eur")) == 0


def test_customization_cron_regardless_and_downstream():
    m = load_example(f"{AUTOMATE}/declarative_automation/example_customizations.py")
    day = datetime.datetime(2024, 3, 15, tzinfo=datetime.timezone.utc)
    instance = dg.DagsterInstance.ephemeral()
    assets = [m.orders, m.nightly_snapshot]
    result = _evaluate(assets, instance, day.replace(hour=1, minute=59))
    result = _evaluate(assets, instance, day.replace(hour=2, minute=1), result.cursor)
    assert result.get_num_requested(K("nightly_snapshot")) == 1  # orders never ran
    result = _evaluate(assets, instance, day.replace(hour=2, minute=2), result.cursor)
    assert result.total_requested == 0

    instance = dg.DagsterInstance.ephemeral()
    assets = [m.web_sessions, m.sessions_report]
    result = _evaluate(assets, instance, day.replace(hour=7, minute=59))
    result = _evaluate(assets, instance, day.replace(hour=8, minute=1), result.cursor)
    assert result.get_num_requested(K("web_sessions")) == 1
    assert result.get_num_requested(K("sessions_report")) == 1


def test_customization_code_version_change():
    m = load_example(f"{AUTOMATE}/declarative_automation/example_customizations.py")
    instance = dg.DagsterInstance.ephemeral()
    when = datetime.datetime(2024, 3, 15, 5, tzinfo=datetime.timezone.utc)
    result = _evaluate([m.orders, m.order_forecast], instance, when)
    result = _evaluate([m.orders, m.order_forecast], instance, when + datetime.timedelta(minutes=1), result.cursor)
    assert result.total_requested == 0

    @dg.asset(
        name="order_forecast",
        deps=[m.orders],
        code_version="3",
        automation_condition=m.on_cron_or_new_code,
    )
    def order_forecast_v3() -> None: ...

    result = _evaluate([m.orders, order_forecast_v3], instance, when + datetime.timedelta(minutes=2), result.cursor)
    assert result.get_num_requested(K("order_forecast")) == 1


def test_customization_blocking_checks():
    m = load_example(f"{AUTOMATE}/declarative_automation/example_customizations.py")
    instance = dg.DagsterInstance.ephemeral()
    defs = dg.Definitions(
        assets=[m.customers, m.customer_segments], asset_checks=[m.customers_have_ids]
    )
    result = _evaluate(defs, instance)
    dg.materialize([m.customers], instance=instance)
    result = _evaluate(defs, instance, cursor=result.cursor)
    assert result.get_num_requested(K("customer_segments")) == 0  # check has not run
    dg.materialize([m.customers, m.customers_have_ids], instance=instance, selection=[m.customers])
    result = _evaluate(defs, instance, cursor=result.cursor)
    assert result.get_num_requested(K("customer_segments")) == 1


# --- the operands reference table is complete ---------------------------------------

# Members of dg.AutomationCondition that are not conditions or operators:
# evaluation plumbing, serialization and introspection.
NOT_IN_TABLE = {
    "as_auto_materialize_policy",
    "children",
    "description",
    "evaluate",
    "get_backcompat_node_unique_ids",
    "get_label",
    "get_node_snapshot",
    "get_node_unique_id",
    "get_node_unique_ids",
    "get_snapshot",
    "get_unique_id",
    "has_rule_condition",
    "is_serializable",
    "name",
    "operator_type",
    "requires_cursor",
}
# Operators documented in the table that live on the built-in subclasses.
SUBCLASS_OPERATORS = {"with_label"}


def _table_names(page: Path) -> set[str]:
    names = set()
    for line in page.read_text().splitlines():
        match = re.match(r"^\| `(?:a\.)?([a-z_]+)\(", line)
        if match:
            names.add(match.group(1))
    return names


def test_operands_table_matches_the_class():
    public = {name for name in dir(AC) if not name.startswith("_")}
    expected = (public - NOT_IN_TABLE) | SUBCLASS_OPERATORS
    page = DOCS / "declarative-automation/customizing-automation-conditions/automation-condition-operands-and-operators.md"
    documented = _table_names(page)
    assert documented == expected, (
        f"missing from the page: {sorted(expected - documented)}; "
        f"not on the class: {sorted(documented - expected)}"
    )
    for name in SUBCLASS_OPERATORS:
        assert hasattr(AC.missing(), name)
    # The boolean operators the page lists exist.
    for dunder in ["__and__", "__or__", "__invert__"]:
        assert hasattr(AC, dunder)
    for method in ["allow", "ignore"]:
        assert hasattr(AC.any_deps_missing(), method)
        assert hasattr(AC.any_checks_match(AC.check_passed()), method)
    assert hasattr(AC.eager(), "without")


def test_migration_rule_table_matches_the_class():
    rules = {
        name
        for name, member in inspect.getmembers(dg.AutoMaterializeRule)
        if not name.startswith("_") and (name.startswith("materialize_on") or name.startswith("skip_on"))
    }
    page = (DOCS / "declarative-automation/migrating-to-declarative-automation.md").read_text()
    documented = set(re.findall(r"^\| `([a-z_]+)\(", page, flags=re.MULTILINE))
    assert rules <= documented, sorted(rules - documented)
