"""The External assets REST API page: its requests, sent to a running dagster-webserver.

Starts `dagster-webserver` on the example definitions with a temporary DAGSTER_HOME, sends the
example's requests (and the page's curl commands), and reads the recorded events back from
the instance.
"""

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import dagster as dg
import pytest
import requests
from example_loader import load_example

EXAMPLES = Path(__file__).resolve().parent.parent
FOLDER = EXAMPLES / "api" / "external_assets_rest"
PAGE = EXAMPLES.parent / "docs" / "api" / "python-api" / "external-assets-rest-api.md"

pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def webserver(tmp_path_factory):
    home = tmp_path_factory.mktemp("dagster_home")
    port = free_port()
    env = {**os.environ, "DAGSTER_HOME": str(home)}
    webserver_bin = Path(sys.executable).parent / "dagster-webserver"
    process = subprocess.Popen(
        [str(webserver_bin), "-f", str(FOLDER / "defs.py"), "-h", "127.0.0.1", "-p", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                if requests.get(f"{url}/server_info", timeout=2).ok:
                    break
            except requests.ConnectionError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"dagster-webserver did not start: {process.stderr.read()[-2000:]}")
            time.sleep(0.5)
        yield url, home
    finally:
        process.terminate()
        process.wait(timeout=30)


def instance_at(home):
    return dg.DagsterInstance.from_config(str(home))


def test_the_example_reports_each_kind_of_event(webserver, monkeypatch):
    url, home = webserver
    monkeypatch.setenv("DAGSTER_URL", url)
    monkeypatch.delenv("DAGSTER_CLOUD_API_TOKEN", raising=False)
    example = load_example("api/external_assets_rest/report_events.py")
    monkeypatch.setattr(example, "DAGSTER_URL", url)

    assert example.report_materialization("warehouse/billing", 1200, "2026-11-23") == {}
    assert example.report_check("daily_orders", "2026-11-22", 431) == {}
    assert example.report_observation("daily_orders", "2026-11-22", "v431") == {}

    with instance_at(home) as instance:
        mat = instance.get_latest_materialization_event(dg.AssetKey(["warehouse", "billing"]))
        assert mat is not None
        event = mat.asset_materialization
        assert event.metadata["row_count"] == dg.IntMetadataValue(1200)
        assert event.tags["dagster/data_version"] == "2026-11-23"
        assert event.description == "Loaded by the nightly billing job"

        records = instance.fetch_observations(dg.AssetKey("daily_orders"), limit=5).records
        assert [r.partition_key for r in records] == ["2026-11-22"]
        assert records[0].asset_observation.tags["dagster/data_version"] == "v431"

        checks = instance.event_log_storage.get_asset_check_execution_history(
            dg.AssetCheckKey(dg.AssetKey("daily_orders"), "row_count_positive"), limit=5
        )
        assert len(checks) == 1
        evaluation = checks[0].event.dagster_event.event_specific_data
        assert evaluation.passed is True
        assert evaluation.severity == dg.AssetCheckSeverity.WARN
        assert evaluation.partition == "2026-11-22"


def test_errors_are_400_with_a_message(webserver):
    url, _ = webserver
    no_passed = requests.post(f"{url}/report_asset_check/daily_orders", json={"check_name": "x"})
    assert no_passed.status_code == 400
    assert "passed" in no_passed.json()["error"]
    form = requests.post(f"{url}/report_asset_materialization/a", data={"metadata": "x"})
    assert form.status_code == 400
    assert "content type" in form.json()["error"]
    no_key = requests.post(f"{url}/report_asset_materialization/", json={})
    assert no_key.status_code == 400


def curl_commands(text: str) -> list[str]:
    blocks = re.findall(r"```shell\n(.*?)```", text, flags=re.S)
    commands = []
    for block in blocks:
        for command in block.replace("\\\n", " ").splitlines():
            if command.strip().startswith("curl ") and "localhost:3000" in command:
                commands.append(command.strip())
    return commands


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_the_pages_curl_commands_succeed(webserver):
    url, home = webserver
    commands = curl_commands(PAGE.read_text(encoding="utf-8"))
    assert len(commands) >= 3
    for command in commands:
        command = command.replace("http://localhost:3000", url)
        result = subprocess.run(
            ["bash", "-c", command + " --fail-with-body --silent --show-error"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 0, f"{command}\n{result.stdout}{result.stderr}"
        assert result.stdout.strip() == "{}", command
