"""Tests for the Monitor guides (site/examples/guides/monitor/...).

The context logger's messages land in the event log, the python_logs
dagster.yaml snippet loads into a real instance and captures the managed
logger, and the custom loggers run and produce what the page shows.
"""

import json
import logging
from pathlib import Path

import dagster as dg
import yaml
from example_loader import EXAMPLES_ROOT, load_example

MONITOR = EXAMPLES_ROOT / "guides" / "monitor"


def logged_messages(instance, run_id, level=None) -> list[str]:
    """User messages (not Dagster events) of a run's event log."""
    return [
        e.user_message
        for e in instance.all_logs(run_id)
        if not e.is_dagster_event and (level is None or e.level == level)
    ]


def test_context_logger_messages_reach_event_log():
    ex = load_example("guides/monitor/logging_basics.py")
    instance = dg.DagsterInstance.ephemeral()
    result = dg.materialize([ex.cleaned_orders, ex.order_total], instance=instance)
    assert result.success
    messages = logged_messages(instance, result.run_id)
    assert "Dropped 1 rows with negative amounts" in messages
    assert "Kept 1 rows" in messages
    assert "Parsing '12.50'" in messages
    warnings = logged_messages(instance, result.run_id, level=logging.WARNING)
    assert warnings == ["Dropped 1 rows with negative amounts"]
    assert result.output_for_node("order_total") == 20.0


def test_op_logs_error_without_failing():
    ex = load_example("guides/monitor/logging_basics.py")
    instance = dg.DagsterInstance.ephemeral()
    result = ex.notify_job.execute_in_process(instance=instance)
    assert result.success
    assert logged_messages(instance, result.run_id, level=logging.ERROR) == [
        "Notification failed: mail server unreachable"
    ]


def instance_with(tmp_path: Path, yaml_file: Path) -> dg.DagsterInstance:
    home = tmp_path / "home"
    home.mkdir()
    (home / "dagster.yaml").write_text(yaml_file.read_text())
    return dg.DagsterInstance.from_config(str(home))


def test_python_logs_snippet_loads_and_captures(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the FileHandler writes dagster_warnings.log here
    settings = yaml.safe_load((MONITOR / "python_logs_dagster.yaml").read_text())["python_logs"]
    instance = instance_with(tmp_path, MONITOR / "python_logs_dagster.yaml")
    with instance:
        assert instance.managed_python_loggers == settings["managed_python_loggers"]
        assert instance.python_log_level == "INFO"
        ex = load_example("guides/monitor/python_logging.py")
        result = dg.materialize([ex.vendor_feed], instance=instance)
        assert result.success
        messages = [
            e.user_message for e in instance.all_logs(result.run_id) if not e.is_dagster_event
        ]
        assert "Downloading the vendor feed" in messages
        assert "The feed had 42 rows, fewer than usual" in messages
    # The extra handler from dagster_handler_config received the warning.
    assert "fewer than usual" in (tmp_path / "dagster_warnings.log").read_text()


def test_python_logs_table_covers_every_key():
    from dagster._core.instance.config import dagster_instance_config_schema

    keys = set(dagster_instance_config_schema()["python_logs"].config_type.fields)
    page = (EXAMPLES_ROOT.parent / "docs/guides/monitor/logging/python-logging.md").read_text()
    section = page.split("## Configure `python_logs`")[1].split("## Capture a module")[0]
    documented = {line.split("`")[1] for line in section.splitlines() if line.startswith("| `")}
    assert documented == keys


def test_json_logger_writes_json_with_run_details(capsys):
    ex = load_example("guides/monitor/custom_logging.py")
    result = ex.archive_job.execute_in_process()
    assert result.success
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("{")]
    entries = [json.loads(line) for line in lines]
    archived = [e for e in entries if e["message"].endswith("Archiving last week's logs")]
    assert archived and archived[0]["level"] == "INFO"
    assert archived[0]["run_id"] == result.run_id
    assert archived[0]["step_key"] == "archive_logs"


def test_loggers_only_run_when_named_in_run_config():
    ex = load_example("guides/monitor/custom_logging.py")
    ex.ListHandler.records.clear()
    defs_job = ex.defs.resolve_implicit_global_asset_job_def()
    assert set(defs_job.loggers) == {"json", "memory"}
    # Not named: the memory logger stays off.
    assert defs_job.execute_in_process().success
    assert ex.ListHandler.records == []
    # Named in run config: it receives the messages.
    run_config = yaml.safe_load("loggers:\n  memory: {}\n")
    assert defs_job.execute_in_process(run_config=run_config).success
    assert any("Building the weekly report" in r.getMessage() for r in ex.ListHandler.records)


def test_logger_run_config_yaml_is_valid():
    ex = load_example("guides/monitor/custom_logging.py")
    run_config = yaml.safe_load((MONITOR / "logger_run_config.yaml").read_text())
    assert dg.validate_run_config(ex.archive_job, run_config)


def test_logger_function_with_init_context():
    ex = load_example("guides/monitor/custom_logging.py")
    context = dg.build_init_logger_context(logger_config={"log_level": "DEBUG", "name": "t"})
    logger = ex.json_console_logger.logger_fn(context)
    assert logger.level == logging.DEBUG
    assert logger.name == "t"
