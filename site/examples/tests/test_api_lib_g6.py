"""Tests for the examples of the integration library API pages of group g6:
dagster-pipes, dagster-looker, dagster-powerbi, dagster-tableau, dagster-sigma,
dagster-msteams, dagster-slack, dagster-pagerduty, dagster-datadog,
dagster-papertrail, dagster-github, dagster-openai."""

import sys
import warnings
from pathlib import Path

import dagster as dg
import pytest

from example_loader import load_example

EXAMPLES = Path(__file__).resolve().parent.parent


# --- dagster-pipes -------------------------------------------------------------


def test_pipes_script_reports_two_assets_and_a_check():
    script = EXAMPLES / "api" / "libraries" / "dagster_pipes_reference.py"

    @dg.multi_asset(
        specs=[dg.AssetSpec("filtered_rows"), dg.AssetSpec("dropped_count")],
        check_specs=[dg.AssetCheckSpec("not_empty", asset="filtered_rows")],
    )
    def rows(context: dg.AssetExecutionContext, pipes: dg.PipesSubprocessClient):
        return pipes.run(
            context=context,
            command=[sys.executable, str(script)],
            extras={"threshold": 10},
        ).get_results()

    result = dg.materialize([rows], resources={"pipes": dg.PipesSubprocessClient()})
    assert result.success
    mats = {
        m.asset_key.to_user_string(): m for m in result.get_asset_materialization_events()
    }
    assert set(mats) == {"filtered_rows", "dropped_count"}
    filtered = mats["filtered_rows"].materialization
    assert filtered.metadata["row_count"].value == 3
    assert isinstance(filtered.metadata["source"], dg.UrlMetadataValue)
    assert filtered.tags["dagster/data_version"] == str(12 + 40 + 55)
    assert mats["dropped_count"].materialization.metadata["dropped"].value == 1
    [check] = result.get_asset_check_evaluations()
    assert check.passed
    assert check.severity == dg.AssetCheckSeverity.WARN


def test_open_dagster_pipes_outside_dagster_returns_a_mock(monkeypatch):
    import dagster_pipes

    monkeypatch.delenv("DAGSTER_PIPES_CONTEXT", raising=False)
    monkeypatch.setattr(dagster_pipes.PipesContext, "_instance", None)
    with pytest.warns(dagster_pipes.DagsterPipesWarning):
        pipes = dagster_pipes.open_dagster_pipes()
    with pipes:
        pipes.report_asset_materialization(metadata={"a": 1})  # a no-op
    assert not isinstance(pipes, dagster_pipes.PipesContext)
    example = load_example("api/libraries/dagster_pipes_reference.py")
    assert example.summarize([1, 5, 9], 5) == {"kept": [5, 9], "dropped": 1}


def test_pipes_params_round_trip_and_asset_key_path():
    from dagster_pipes import (
        DAGSTER_PIPES_CONTEXT_CLI_ARGUMENT,
        DAGSTER_PIPES_MESSAGES_CLI_ARGUMENT,
        PipesMappingParamsLoader,
        decode_param,
        encode_param,
        to_asset_key_path,
    )

    value = {"path": "/tmp/context.json"}
    assert decode_param(encode_param(value)) == value
    loader = PipesMappingParamsLoader(
        {"DAGSTER_PIPES_CONTEXT": encode_param(value), "DAGSTER_PIPES_MESSAGES": encode_param({})}
    )
    assert loader.is_dagster_pipes_process()
    assert loader.load_context_params() == value
    assert not PipesMappingParamsLoader({}).is_dagster_pipes_process()
    assert to_asset_key_path("a/b\\/c") == ["a", "b/c"]
    assert DAGSTER_PIPES_CONTEXT_CLI_ARGUMENT == "--dagster-pipes-context"
    assert DAGSTER_PIPES_MESSAGES_CLI_ARGUMENT == "--dagster-pipes-messages"


def test_pipes_metadata_types_on_page_match_package():
    import typing

    import dagster_pipes

    page = (EXAMPLES.parent / "docs/api/python-api/libraries/dagster-pipes.md").read_text()
    for literal in (dagster_pipes.PipesMetadataType, dagster_pipes.Method):
        for value in typing.get_args(literal):
            assert f'`"{value}"`' in page, value


# --- dagster-openai ------------------------------------------------------------


def _chat_completion_json(model: str) -> dict:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": "Two bugs fixed."},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 9, "completion_tokens": 4, "total_tokens": 13},
    }


def _fake_openai_resource():
    """An OpenAIResource whose client answers from an in-memory HTTP transport."""
    import httpx
    import openai
    from dagster_openai import OpenAIResource

    def handler(request: httpx.Request) -> httpx.Response:
        assert request.url.path.endswith("/chat/completions")
        return httpx.Response(200, json=_chat_completion_json("gpt-4o-mini"))

    class FakeOpenAIResource(OpenAIResource):
        def setup_for_execution(self, context) -> None:
            self._client = openai.Client(
                api_key=self.api_key,
                http_client=httpx.Client(transport=httpx.MockTransport(handler)),
            )

    return FakeOpenAIResource(api_key="test-key")


def test_openai_usage_metadata_on_single_asset():
    example = load_example("api/libraries/dagster_openai_reference.py")
    result = dg.materialize(
        [example.release_notes_summary], resources={"openai": _fake_openai_resource()}
    )
    assert result.success
    assert result.output_for_node("release_notes_summary") == "Two bugs fixed."
    [mat] = result.asset_materializations_for_node("release_notes_summary")
    metadata = {key: value.value for key, value in mat.metadata.items()}
    assert metadata["openai.gpt-4o-mini.calls"] == 1
    assert metadata["openai.gpt-4o-mini.total_tokens"] == 13
    assert metadata["openai.gpt-4o-mini.prompt_tokens"] == 9
    assert metadata["openai.gpt-4o-mini.completion_tokens"] == 4


def test_openai_usage_metadata_goes_to_the_named_asset():
    example = load_example("api/libraries/dagster_openai_reference.py")
    result = dg.materialize(
        [example.marketing_copy], resources={"openai": _fake_openai_resource()}
    )
    assert result.success
    mats = {
        m.asset_key.to_user_string(): m.materialization
        for m in result.get_asset_materialization_events()
    }
    assert mats["headline"].metadata["openai.gpt-4o-mini.calls"].value == 1
    assert "openai.gpt-4o-mini.calls" not in mats["tagline"].metadata


# --- dagster-looker ------------------------------------------------------------


def test_looker_lkml_specs_from_project_files():
    example = load_example("api/libraries/dagster_looker_reference.py")
    specs = {spec.key.to_user_string(): spec for spec in example.lookml_specs}
    assert set(specs) == {"dashboard/sales", "explore/orders", "view/orders"}
    assert {spec.group_name for spec in specs.values()} == {"looker"}
    deps = {key: [d.asset_key.to_user_string() for d in s.deps] for key, s in specs.items()}
    assert deps == {
        "dashboard/sales": ["explore/orders"],
        "explore/orders": ["view/orders"],
        "view/orders": ["analytics/orders"],
    }
    assert specs["explore/orders"].description == "Orders placed in the shop"


def test_looker_pdt_asset_starts_and_checks_a_build():
    from types import SimpleNamespace

    from dagster_looker import LookerResource

    example = load_example("api/libraries/dagster_looker_reference.py")
    calls = []

    class FakeSdk:
        def start_pdt_build(self, **kwargs):
            calls.append(("start", kwargs))
            return SimpleNamespace(materialization_id="m-1", resp_text="started")

        def check_pdt_build(self, materialization_id):
            calls.append(("check", materialization_id))
            return SimpleNamespace(materialization_id=materialization_id, resp_text="done")

    class FakeLooker(LookerResource):
        def get_sdk(self):
            return FakeSdk()

    [pdt] = example.pdt_assets
    assert pdt.key == dg.AssetKey(["view", "daily_orders_pdt"])
    result = dg.materialize(
        [pdt],
        resources={"looker": FakeLooker(base_url="https://x", client_id="a", client_secret="b")},
    )
    assert result.success
    start_kwargs = calls[0][1]
    assert start_kwargs["model_name"] == "shop"
    assert start_kwargs["view_name"] == "daily_orders_pdt"
    assert start_kwargs["source"] == f"Dagster run {result.run_id}"
    assert calls[1] == ("check", "m-1")


# --- dagster-slack -------------------------------------------------------------


class _FakeSlackClient:
    def __init__(self):
        self.posts = []

    def chat_postMessage(self, channel: str, text: str | None = None, **kwargs):  # noqa: N802
        self.posts.append({"channel": channel, "text": text, **kwargs})
        return {"ok": True}


def _fake_slack(client):
    from dagster_slack import SlackResource

    class FakeSlackResource(SlackResource):
        def get_client(self):
            return client

    return FakeSlackResource(token="xoxb-test")


def test_slack_resource_posts_from_an_asset():
    example = load_example("api/libraries/dagster_slack_reference.py")
    client = _FakeSlackClient()
    result = dg.materialize([example.daily_summary], resources={"slack": _fake_slack(client)})
    assert result.success
    assert client.posts == [
        {"channel": "#data-alerts", "text": "daily_summary refreshed: 1280 rows"}
    ]


def test_slack_failure_hook_posts_only_on_failure():
    example = load_example("api/libraries/dagster_slack_reference.py")
    client = _FakeSlackClient()
    ok = example.nightly_orders.execute_in_process(resources={"slack": _fake_slack(client)})
    assert ok.success and client.posts == []

    @dg.op
    def broken() -> None:
        raise ValueError("boom")

    @example.slack_on_failure("#data-alerts", message_fn=example.describe_failure)
    @dg.job
    def failing():
        broken()

    result = failing.execute_in_process(
        resources={"slack": _fake_slack(client)}, raise_on_error=False
    )
    assert not result.success
    [post] = client.posts
    assert post["channel"] == "#data-alerts"
    assert post["text"] == f"broken failed in run {result.run_id}"


def test_slack_run_failure_sensor_defaults():
    example = load_example("api/libraries/dagster_slack_reference.py")
    sensor = example.alert_on_failed_runs
    assert sensor.name == "slack_on_run_failure"
    assert sensor.default_status == dg.DefaultSensorStatus.STOPPED
    assert sensor.minimum_interval_seconds == 30
