"""Tests for the four tutorial projects under site/examples/tutorials/.

Each project talks to an outside service (OpenAI, Modal, Anthropic, Pinecone,
RSS feeds, HTTP APIs). The projects reach those services only through
resources, so these tests swap each resource for a test double that returns
canned responses and records what it was asked, then materialize the whole
asset graph on tiny local data. Nothing here touches the network.

After a run, `assert_calls_match_real_client` binds every recorded call to the
signature of the same method on the real client library, so the tests also
fail if a project calls a method or passes an argument that the installed
library does not have.
"""

from __future__ import annotations

import csv
import hashlib
import inspect
import json
import math
import re
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

import anthropic
import dagster as dg
import feedparser
import modal
import openai
import pinecone
import pytest
from anthropic.types import Message
from dagster_anthropic import AnthropicResource
from dagster_duckdb import DuckDBResource
from dagster_openai import OpenAIResource
from openai.types import CreateEmbeddingResponse, FileObject
from openai.types.chat import ChatCompletion
from openai.types.fine_tuning import FineTuningJob

from example_loader import EXAMPLES_ROOT, load_example

TUTORIALS = EXAMPLES_ROOT / "tutorials"


# --- recording calls and checking them against the real libraries ---------


class CallLog:
    """Every call a fake client received, as (method path, keyword arguments)."""

    def __init__(self):
        self.calls: list[tuple[str, dict]] = []

    def record(self, path: str, kwargs: dict) -> None:
        self.calls.append((path, dict(kwargs)))

    def named(self, path: str) -> list[dict]:
        return [kwargs for name, kwargs in self.calls if name == path]


def _method(root: object, path: str):
    for part in path.split("."):
        root = getattr(root, part)
    return root


def assert_calls_match_real_client(log: CallLog, real_client: object) -> None:
    """Each recorded call must be a valid call of the real client's method."""
    assert log.calls, "the fake client was never called"
    for path, kwargs in log.calls:
        signature = inspect.signature(_method(real_client, path))
        try:
            signature.bind(**kwargs)
        except TypeError as error:
            raise AssertionError(f"{path}({sorted(kwargs)}): {error}") from None


def materializations(result: dg.ExecuteInProcessResult) -> dict[str, dict]:
    """Metadata of each materialization in a run, by asset key string."""
    return {
        event.asset_key.to_user_string(): event.materialization.metadata
        for event in result.get_asset_materialization_events()
    }


def check_results(result: dg.ExecuteInProcessResult) -> dict[str, bool]:
    return {
        evaluation.check_name: evaluation.passed
        for evaluation in result.get_asset_check_evaluations()
    }


# --- OpenAI test double ----------------------------------------------------


def _usage(prompt_tokens: int, completion_tokens: int = 0) -> dict:
    return {
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
    }


def hashed_embedding(text: str, dimensions: int) -> list[float]:
    """A deterministic bag-of-words vector: texts sharing words are close."""
    vector = [0.0] * dimensions
    for word in re.findall(r"[a-z0-9]+", text.lower()):
        if len(word) > 2:
            slot = int(hashlib.sha1(word.encode()).hexdigest(), 16) % dimensions
            vector[slot] += 1.0
    norm = math.sqrt(sum(v * v for v in vector)) or 1.0
    return [v / norm for v in vector]


class FakeOpenAIClient:
    """Stands in for `openai.OpenAI`: the endpoints the tutorials use.

    chat_reply(model, messages) returns the assistant's text. Fine-tuning jobs
    report `running` once, then `succeeded`. Responses are the openai
    library's own pydantic types, so code reading them sees real objects.
    """

    def __init__(self, chat_reply=None, embedding_dimensions: int | None = None):
        self.log = CallLog()
        self._chat_reply = chat_reply or (lambda model, messages: "ok")
        self._job_polls = 0
        self.uploaded: dict[str, bytes] = {}
        self.chat = SimpleNamespace(completions=SimpleNamespace(create=self._chat))
        self.completions = SimpleNamespace(create=self._unused)
        self.embeddings = SimpleNamespace(create=self._embed)
        self.files = SimpleNamespace(create=self._upload)
        self.fine_tuning = SimpleNamespace(
            jobs=SimpleNamespace(create=self._create_job, retrieve=self._retrieve_job)
        )

    def close(self) -> None:
        pass

    def _unused(self, **kwargs):
        raise AssertionError("the tutorials do not use the legacy completions API")

    def _chat(self, **kwargs) -> ChatCompletion:
        self.log.record("chat.completions.create", kwargs)
        reply = self._chat_reply(kwargs["model"], kwargs["messages"])
        return ChatCompletion.model_validate(
            {
                "id": f"chatcmpl-{len(self.log.calls)}",
                "object": "chat.completion",
                "created": 1_700_000_000,
                "model": kwargs["model"],
                "choices": [
                    {
                        "index": 0,
                        "finish_reason": "stop",
                        "message": {"role": "assistant", "content": reply},
                    }
                ],
                "usage": _usage(12, 3),
            }
        )

    def _embed(self, **kwargs) -> CreateEmbeddingResponse:
        self.log.record("embeddings.create", kwargs)
        texts = kwargs["input"]
        texts = [texts] if isinstance(texts, str) else list(texts)
        dimensions = kwargs.get("dimensions", 8)
        return CreateEmbeddingResponse.model_validate(
            {
                "object": "list",
                "model": kwargs["model"],
                "data": [
                    {
                        "object": "embedding",
                        "index": i,
                        "embedding": hashed_embedding(text, dimensions),
                    }
                    for i, text in enumerate(texts)
                ],
                "usage": {
                    "prompt_tokens": 5 * len(texts),
                    "total_tokens": 5 * len(texts),
                },
            }
        )

    def _upload(self, **kwargs) -> FileObject:
        self.log.record("files.create", kwargs)
        handle = kwargs["file"]
        content = handle.read()
        file_id = f"file-{len(self.uploaded) + 1}"
        self.uploaded[file_id] = content
        return FileObject(
            id=file_id,
            bytes=len(content),
            created_at=1_700_000_000,
            filename=Path(handle.name).name,
            object="file",
            purpose=kwargs["purpose"],
            status="processed",
        )

    def _job(self, status: str, fine_tuned_model: str | None = None) -> FineTuningJob:
        created = self.log.named("fine_tuning.jobs.create")[-1]
        return FineTuningJob.model_validate(
            {
                "id": "ftjob-1",
                "object": "fine_tuning.job",
                "created_at": 1_700_000_000,
                "model": created["model"],
                "organization_id": "org-test",
                "hyperparameters": {"n_epochs": 3},
                "result_files": [],
                "seed": 1,
                "status": status,
                "training_file": created["training_file"],
                "validation_file": created.get("validation_file"),
                "fine_tuned_model": fine_tuned_model,
                "trained_tokens": 4321 if fine_tuned_model else None,
            }
        )

    def _create_job(self, **kwargs) -> FineTuningJob:
        self.log.record("fine_tuning.jobs.create", kwargs)
        return self._job("validating_files")

    def _retrieve_job(self, fine_tuning_job_id: str, **kwargs) -> FineTuningJob:
        self.log.record(
            "fine_tuning.jobs.retrieve",
            {"fine_tuning_job_id": fine_tuning_job_id, **kwargs},
        )
        self._job_polls += 1
        if self._job_polls == 1:
            return self._job("running")
        return self._job(
            "succeeded", "ft:gpt-4o-mini-2024-07-18:test:support-tickets:abc"
        )


def fake_openai_resource(client: FakeOpenAIClient) -> OpenAIResource:
    """An OpenAIResource whose get_client yields the fake client.

    Overriding get_client (rather than only the client) keeps the full graph
    runnable in one process: dagster-openai 0.29 wraps the client's methods
    each time get_client is called, and in a single-process run the wrappers
    of finished steps would still fire. See the usage-metadata test below for
    the real get_client.
    """

    class FakeOpenAIResource(OpenAIResource):
        def setup_for_execution(self, context) -> None:
            pass

        def teardown_after_execution(self, context) -> None:
            pass

        @contextmanager
        def get_client(self, context):
            yield client

    return FakeOpenAIResource(api_key="test-key")


def real_openai() -> openai.OpenAI:
    # Building a client does not contact the API.
    return openai.OpenAI(api_key="test-key")


# --- tutorial 1: LLM fine-tuning with OpenAI -----------------------------


def _ticket_labels() -> dict[str, str]:
    """Expected label of each ticket text, read from the tutorial's CSV."""
    path = TUTORIALS / "llm_fine_tuning/ticket_classifier/data/tickets.csv"
    labels = {}
    with path.open(newline="") as f:
        for row in csv.DictReader(f):
            text = f"Subject: {row['subject'].strip()}\n\n{row['body'].strip()}"
            labels[text] = row["category"].strip().lower()
    return labels


def _ticket_chat_reply(labels: dict[str, str]):
    def reply(model: str, messages: list[dict]) -> str:
        if model.startswith("ft:"):
            return labels[messages[-1]["content"]]  # the tuned model is right
        return "Billing."  # the base model guesses, with punctuation

    return reply


@pytest.fixture
def fine_tuning_project():
    return load_example("tutorials/llm_fine_tuning/ticket_classifier/definitions.py")


def test_fine_tuning_pipeline_end_to_end(fine_tuning_project, tmp_path):
    defs = fine_tuning_project.defs
    client = FakeOpenAIClient(chat_reply=_ticket_chat_reply(_ticket_labels()))
    result = dg.materialize(
        [*defs.assets, *defs.asset_checks],
        resources={
            "duckdb": DuckDBResource(database=str(tmp_path / "tickets.duckdb")),
            "files": fine_tuning_project.FineTuningFiles(
                directory=str(tmp_path / "files")
            ),
            "openai": fake_openai_resource(client),
        },
        run_config={
            "ops": {"fine_tuned_model": {"config": {"poll_interval_seconds": 0}}}
        },
    )
    assert result.success

    # Ingestion and cleaning: 44 rows in, 41 usable tickets out (one
    # duplicate, one empty body, one unknown category dropped).
    metadata = materializations(result)
    assert metadata["raw_tickets"]["dagster/row_count"].value == 44
    assert metadata["cleaned_tickets"]["dagster/row_count"].value == 41
    assert metadata["ticket_examples"]["training_examples"].value == 33
    assert metadata["ticket_examples"]["validation_examples"].value == 8

    # File creation: chat-formatted JSONL, one example a line.
    training = [
        json.loads(line)
        for line in (tmp_path / "files/training.jsonl").read_text().splitlines()
    ]
    validation = (tmp_path / "files/validation.jsonl").read_text().splitlines()
    assert len(training) == 33 and len(validation) == 8
    first = training[0]["messages"]
    assert [m["role"] for m in first] == ["system", "user", "assistant"]
    assert first[1]["content"].startswith("Subject: Charged twice this month\n\n")
    assert first[2]["content"] == "billing"
    # The upper-case, padded category of ticket 44 was normalized.
    assert training[-1]["messages"][1]["content"].startswith("Subject: Receipt for tax")
    assert training[-1]["messages"][2]["content"] == "billing"
    assert check_results(result)["training_file_is_valid"] is True
    assert check_results(result)["validation_file_is_valid"] is True

    # The OpenAI job: both files uploaded, then one supervised job polled
    # until it succeeded.
    uploads = client.log.named("files.create")
    assert [u["purpose"] for u in uploads] == ["fine-tune", "fine-tune"]
    assert client.uploaded["file-1"].decode().count("\n") == 33
    (job,) = client.log.named("fine_tuning.jobs.create")
    assert job["training_file"] == "file-1" and job["validation_file"] == "file-2"
    assert job["model"] == "gpt-4o-mini-2024-07-18"
    assert job["method"]["supervised"]["hyperparameters"] == {"n_epochs": 3}
    assert len(client.log.named("fine_tuning.jobs.retrieve")) == 2
    model_name = result.output_for_node("fine_tuned_model")
    assert model_name.startswith("ft:gpt-4o-mini")

    # Validation: 8 held-out tickets, each sent to both models.
    comparison = result.output_for_node("model_comparison")
    assert comparison["models"]["fine_tuned"] == model_name
    assert comparison["accuracy"] == {"base": 2 / 8, "fine_tuned": 1.0}
    assert len(client.log.named("chat.completions.create")) == 16
    assert check_results(result)["fine_tuned_model_is_not_worse"] is True

    assert_calls_match_real_client(client.log, real_openai())


def test_fine_tuning_fails_when_the_job_fails(fine_tuning_project, tmp_path):
    class FailingJobClient(FakeOpenAIClient):
        def _retrieve_job(self, fine_tuning_job_id, **kwargs):
            job = self._job("failed")
            job.error = SimpleNamespace(message="invalid training file")
            return job

    # The whole graph runs with the fake; the job asset must turn the
    # failed job into a failed step with the job's status in its message.
    defs = fine_tuning_project.defs
    result = dg.materialize(
        [*defs.assets, *defs.asset_checks],
        resources={
            "duckdb": DuckDBResource(database=str(tmp_path / "tickets.duckdb")),
            "files": fine_tuning_project.FineTuningFiles(
                directory=str(tmp_path / "files")
            ),
            "openai": fake_openai_resource(FailingJobClient()),
        },
        run_config={
            "ops": {"fine_tuned_model": {"config": {"poll_interval_seconds": 0}}}
        },
        raise_on_error=False,
    )
    assert not result.success
    failure = result.failure_data_for_node("fine_tuned_model")
    assert "ended as failed" in failure.user_failure_data.description


def test_fine_tuning_validation_logs_openai_usage(fine_tuning_project, tmp_path):
    """The real OpenAIResource.get_client records token usage on the asset."""
    defs = fine_tuning_project.defs
    client = FakeOpenAIClient(chat_reply=_ticket_chat_reply(_ticket_labels()))

    class OpenAIResourceWithFakeClient(OpenAIResource):
        # Only the client is swapped: get_client is dagster-openai's own.
        def setup_for_execution(self, context) -> None:
            self._client = client

    instance = dg.DagsterInstance.ephemeral(tempdir=str(tmp_path / "dagster"))
    resources = {
        "duckdb": DuckDBResource(database=str(tmp_path / "tickets.duckdb")),
        "files": fine_tuning_project.FineTuningFiles(directory=str(tmp_path / "files")),
        "openai": fake_openai_resource(client),
    }
    run_config = {"ops": {"fine_tuned_model": {"config": {"poll_interval_seconds": 0}}}}
    upstream = dg.materialize(
        defs.assets,
        selection=dg.AssetSelection.assets("model_comparison").upstream(depth=None)
        - dg.AssetSelection.assets("model_comparison"),
        resources=resources,
        run_config=run_config,
        instance=instance,
    )
    assert upstream.success

    resources["openai"] = OpenAIResourceWithFakeClient(api_key="test-key")
    result = dg.materialize(
        defs.assets,
        selection=["model_comparison"],
        resources=resources,
        instance=instance,
    )
    assert result.success
    metadata = materializations(result)["model_comparison"]
    model_name = result.output_for_node("model_comparison")["models"]["fine_tuned"]
    assert metadata[f"openai.{model_name}.calls"].value == 8
    assert metadata["openai.gpt-4o-mini-2024-07-18.calls"].value == 8
    assert metadata["openai.gpt-4o-mini-2024-07-18.total_tokens"].value == 8 * 15


# --- tutorial 3: prompt engineering with Anthropic -------------------------


class FakeAnthropicClient:
    """Stands in for `anthropic.Anthropic`: only `messages.create` is used.

    reply(system, user_text) returns the text Claude would answer; responses
    are the anthropic library's own `Message` type.
    """

    def __init__(self, reply):
        self.log = CallLog()
        self._reply = reply
        self.messages = SimpleNamespace(create=self._create)

    def _create(self, **kwargs) -> Message:
        self.log.record("messages.create", kwargs)
        text = self._reply(kwargs.get("system", ""), kwargs["messages"][-1]["content"])
        return Message.model_validate(
            {
                "id": f"msg_{len(self.log.calls)}",
                "type": "message",
                "role": "assistant",
                "model": kwargs["model"],
                "content": [{"type": "text", "text": text}],
                "stop_reason": "end_turn",
                "stop_sequence": None,
                "usage": {"input_tokens": 150, "output_tokens": 40},
            }
        )


def fake_anthropic_resource(client: FakeAnthropicClient) -> AnthropicResource:
    """An AnthropicResource whose get_client yields the fake client.

    Like dagster-openai, dagster-anthropic wraps the client's method on each
    get_client call, so a single-process run of two Claude assets needs
    get_client itself replaced.
    """

    class FakeAnthropicResource(AnthropicResource):
        def setup_for_execution(self, context) -> None:
            pass

        @contextmanager
        def get_client(self, context):
            yield client

    return FakeAnthropicResource(api_key="test-key")


LISBON_FORECAST = {
    "latitude": 38.72,
    "longitude": -9.14,
    "timezone": "Europe/Lisbon",
    "daily_units": {"time": "iso8601", "temperature_2m_max": "°C"},
    "daily": {
        "time": ["2025-06-02", "2025-06-03", "2025-06-04"],
        "temperature_2m_max": [31.5, 24.0, 26.1],
        "temperature_2m_min": [19.0, 16.2, 17.0],
        "precipitation_probability_max": [5, 10, 70],
        "wind_speed_10m_max": [12.0, 15.3, 30.1],
    },
}


def outing_reply(system: str, user_text: str) -> str:
    """Claude's canned answers to the tutorial's two prompts."""
    if system.startswith("You turn a person's request"):
        if "Lisbon" not in user_text:
            return '{"location": null, "activity": "hiking", "days_ahead": 3, "preferences": []}'
        return (
            "Here is the data:\n"
            '{"location": "Lisbon", "activity": "cycling", "days_ahead": 3,'
            ' "preferences": ["dry", "not too hot"]}'
        )
    assert "| 2025-06-03 | 24.0 | 16.2 | 10 | 15.3 |" in user_text
    return json.dumps(
        {
            "date": "2025-06-03",
            "summary": "Tuesday is dry and mild: go for your ride then.",
            "concerns": ["Some wind in the afternoon."],
        }
    )


def fake_weather_resource(project, log: CallLog):
    """The tutorial's WeatherResource with its one HTTP method replaced."""

    class FakeWeatherResource(project.WeatherResource):
        def _get_json(self, url: str, params: dict) -> dict:
            log.record(url, params)
            if url == self.geocoding_url:
                if params["name"] != "Lisbon":
                    return {"generationtime_ms": 0.4}
                return {
                    "results": [
                        {
                            "id": 2267057,
                            "name": "Lisbon",
                            "latitude": 38.71667,
                            "longitude": -9.13333,
                            "country": "Portugal",
                        }
                    ]
                }
            assert url == self.forecast_url
            return LISBON_FORECAST

    return FakeWeatherResource()


@pytest.fixture
def outing_project():
    return load_example("tutorials/prompt_engineering/outing_planner/definitions.py")


def test_outing_planner_end_to_end(outing_project):
    claude = FakeAnthropicClient(outing_reply)
    http = CallLog()
    result = dg.materialize(
        outing_project.defs.assets,
        resources={
            "anthropic": fake_anthropic_resource(claude),
            "weather": fake_weather_resource(outing_project, http),
        },
    )
    assert result.success

    # First prompt: the request is wrapped in tags and parsed into fields,
    # even though Claude put words before the JSON.
    details = result.output_for_node("outing_details")
    assert details["location"] == "Lisbon"
    assert details["days_ahead"] == 3
    assert details["preferences"] == ["dry", "not too hot"]
    first_call = claude.log.calls[0][1]
    assert first_call["messages"][0]["content"].startswith("<request>\nI'm in Lisbon")

    # Custom resource: one geocoding call, one forecast call for 3 days.
    (geocode_params, forecast_params) = [params for _, params in http.calls]
    assert geocode_params["name"] == "Lisbon"
    assert forecast_params["forecast_days"] == 3
    assert forecast_params["daily"].split(",")[0] == "temperature_2m_max"
    forecast = result.output_for_node("weather_forecast")
    assert forecast["days"][1] == {
        "date": "2025-06-03",
        "max_temperature_c": 24.0,
        "min_temperature_c": 16.2,
        "rain_chance_percent": 10,
        "max_wind_kmh": 15.3,
    }

    # Additional prompt: the forecast table goes in, a checked date comes out.
    recommendation = result.output_for_node("outing_recommendation")
    assert recommendation["date"] == "2025-06-03"
    assert recommendation["concerns"] == ["Some wind in the afternoon."]
    assert (
        '<forecast place="Lisbon, Portugal">'
        in claude.log.calls[1][1]["messages"][0]["content"]
    )

    assert_calls_match_real_client(claude.log, anthropic.Anthropic(api_key="test-key"))


def test_outing_planner_needs_a_place(outing_project):
    claude = FakeAnthropicClient(outing_reply)
    result = dg.materialize(
        outing_project.defs.assets,
        resources={
            "anthropic": fake_anthropic_resource(claude),
            "weather": fake_weather_resource(outing_project, CallLog()),
        },
        run_config={
            "ops": {"outing_details": {"config": {"request": "A hike this weekend?"}}}
        },
        raise_on_error=False,
    )
    assert not result.success
    failure = result.failure_data_for_node("outing_details")
    assert "does not say where" in failure.user_failure_data.description
    assert len(claude.log.calls) == 1  # nothing ran after the failed step


def test_outing_details_logs_anthropic_usage(outing_project):
    """The real AnthropicResource.get_client records token usage."""
    claude = FakeAnthropicClient(outing_reply)

    class AnthropicResourceWithFakeClient(AnthropicResource):
        def setup_for_execution(self, context) -> None:
            self._client = claude

    result = dg.materialize(
        outing_project.defs.assets,
        selection=["outing_details"],
        resources={
            "anthropic": AnthropicResourceWithFakeClient(api_key="test-key"),
            "weather": fake_weather_resource(outing_project, CallLog()),
        },
    )
    assert result.success
    metadata = materializations(result)["outing_details"]
    assert metadata["anthropic.calls"].value == 1
    assert metadata["anthropic.input_tokens"].value == 150
    assert metadata["location"].value == "Lisbon"


# --- tutorial 4: RAG with Pinecone -----------------------------------------


class FakePineconeClient:
    """Stands in for `pinecone.Pinecone`: index admin plus one in-memory index.

    Search ranks the stored documents by cosine similarity, as a real
    cosine index does, and answers with the pinecone library's own
    response types.
    """

    def __init__(self):
        self.log = CallLog()
        self.schema: dict | None = None
        self.namespaces: dict[str, dict[str, dict]] = {}
        self.indexes = SimpleNamespace(
            exists=self._exists, create=self._create, describe=self._describe
        )
        self._index = SimpleNamespace(
            documents=SimpleNamespace(
                batch_upsert=self._batch_upsert, search=self._search
            )
        )

    def _exists(self, name):
        self.log.record("indexes.exists", {"name": name})
        return self.schema is not None

    def _create(self, **kwargs):
        self.log.record("indexes.create", kwargs)
        self.schema = kwargs["schema"]

    def _describe(self, name):
        self.log.record("indexes.describe", {"name": name})
        return SimpleNamespace(name=name, host=f"{name}-abc123.svc.pinecone.io")

    def index(self, **kwargs):
        self.log.record("index", kwargs)
        assert self.schema is not None, "index used before it was created"
        return self._index

    def _batch_upsert(self, **kwargs) -> pinecone.BatchResult:
        self.log.record("documents.batch_upsert", kwargs)
        (field,) = self.schema["fields"]
        dimension = self.schema["fields"][field]["dimension"]
        store = self.namespaces.setdefault(kwargs["namespace"], {})
        for document in kwargs["documents"]:
            assert len(document[field]) == dimension
            store[document["_id"]] = dict(document)
        count = len(kwargs["documents"])
        return pinecone.BatchResult(
            total_item_count=count,
            successful_item_count=count,
            failed_item_count=0,
            total_batch_count=1,
            successful_batch_count=1,
            failed_batch_count=0,
            errors=[],
        )

    def _search(self, **kwargs) -> pinecone.SearchDocumentsResponse:
        self.log.record("documents.search", kwargs)
        (query,) = kwargs["score_by"]
        store = self.namespaces.get(kwargs["namespace"], {})
        scored = sorted(
            (
                (sum(a * b for a, b in zip(query.values, doc[query.field])), doc)
                for doc in store.values()
            ),
            key=lambda pair: -pair[0],
        )[: kwargs["top_k"]]
        fields = kwargs.get("include_fields") or []
        return pinecone.SearchDocumentsResponse(
            matches=[
                pinecone.Document(
                    {"_id": doc["_id"], "_score": score, **{f: doc[f] for f in fields}}
                )
                for score, doc in scored
            ],
            namespace=kwargs["namespace"],
        )


def real_pinecone_surface() -> SimpleNamespace:
    """The real methods the fake stands in for, to check recorded calls."""
    from functools import partial

    from pinecone.client.documents import Documents

    client = pinecone.Pinecone(api_key="test-key")  # no request is sent
    return SimpleNamespace(
        indexes=client.indexes,
        index=client.index,
        documents=SimpleNamespace(
            batch_upsert=partial(Documents.batch_upsert, None),
            search=partial(Documents.search, None),
        ),
    )


def fake_pinecone_resource(project, client: FakePineconeClient):
    class FakePineconeResource(project.PineconeResource):
        def get_client(self):
            return client

    return FakePineconeResource(api_key="test-key")


WEB_README = """\
# Example tool

Example tool schedules data pipelines.

## Installing

Install it with pip.
"""


def fake_web_fetcher(project, log: CallLog):
    class FakeWebFetcher(project.WebFetcher):
        def fetch_text(self, url: str) -> str:
            log.record("fetch_text", {"url": url})
            return WEB_README

    return FakeWebFetcher()


def rag_chat_reply(model: str, messages: list[dict]) -> str:
    prompt = messages[-1]["content"]
    # The best match comes first: the on-call section about night incidents.
    first_source = prompt.split("[2]")[0]
    assert "When production is down at night" in first_source
    return "Page the on-call engineer through the incident tool [1]."


@pytest.fixture
def rag_project():
    return load_example("tutorials/rag/knowledge_assistant/definitions.py")


def test_rag_pipeline_end_to_end(rag_project):
    openai_client = FakeOpenAIClient(chat_reply=rag_chat_reply)
    pinecone_client = FakePineconeClient()
    http = CallLog()
    result = dg.materialize(
        rag_project.defs.assets,
        resources={
            "web": fake_web_fetcher(rag_project, http),
            "pinecone": fake_pinecone_resource(rag_project, pinecone_client),
            "openai": fake_openai_resource(openai_client),
        },
    )
    assert result.success

    # Sources: three runbooks from disk, one README over HTTP.
    handbook = result.output_for_node("handbook_documents")
    assert [d["title"] for d in handbook] == ["Data access", "Deployments", "On-call"]
    (readme,) = result.output_for_node("web_documents")
    assert readme["title"] == "Example tool" and readme["id"].startswith("web-")
    assert http.named("fetch_text")[0]["url"].endswith("/README.md")

    # Vector database: the index is created once, with the configured schema.
    (create,) = pinecone_client.log.named("indexes.create")
    assert create["name"] == "team-knowledge"
    assert create["schema"]["fields"]["embedding"]["dimension"] == 512
    assert create["deployment"]["deployment_type"] == "managed"

    # Embeddings: one chunk per Markdown section, all embedded and upserted.
    chunks = result.output_for_node("document_chunks")
    assert len(chunks) == 13  # 3 + 4 + 4 runbook sections, 2 README sections
    stored = pinecone_client.namespaces["runbooks"]
    assert set(stored) == {chunk["id"] for chunk in chunks}
    night = stored["handbook-on-call-1"]
    assert night["title"] == "On-call" and night["text"].startswith(
        "## When production"
    )
    assert len(night["embedding"]) == 512
    embed_calls = openai_client.log.named("embeddings.create")
    assert embed_calls[0]["dimensions"] == 512 and len(embed_calls[0]["input"]) == 13

    # Retrieval: the question is embedded, the closest chunks are sent to the
    # chat model, and the answer keeps its sources.
    answer = result.output_for_node("answer")
    assert answer["answer"].startswith("Page the on-call engineer")
    assert answer["sources"][0]["id"] == "handbook-on-call-1"
    assert len(answer["sources"]) == 3
    (search,) = pinecone_client.log.named("documents.search")
    assert search["top_k"] == 3 and search["namespace"] == "runbooks"

    assert_calls_match_real_client(openai_client.log, real_openai())
    assert_calls_match_real_client(pinecone_client.log, real_pinecone_surface())


def test_rag_index_is_not_recreated(rag_project):
    pinecone_client = FakePineconeClient()
    pinecone_client.schema = {"fields": {"embedding": {"dimension": 512}}}
    result = dg.materialize(
        [rag_project.vector_database.vector_index],
        resources={"pinecone": fake_pinecone_resource(rag_project, pinecone_client)},
    )
    assert result.success
    assert pinecone_client.log.named("indexes.create") == []
    metadata = materializations(result)["vector_index"]
    assert metadata["host"].value == "team-knowledge-abc123.svc.pinecone.io"


# --- tutorial 2: podcast transcription with Modal --------------------------


def rss_feed(show: str, episodes: list[tuple[str, str, str | None]]) -> str:
    """A small podcast RSS document: (title, RFC 822 date, audio URL or None)."""
    items = []
    for title, date, audio in episodes:
        enclosure = (
            f'<enclosure url="{audio}" length="1000" type="audio/mpeg"/>'
            if audio
            else ""
        )
        items.append(
            f"<item><title>{title}</title><pubDate>{date}</pubDate>"
            f"<guid>{show}-{title}</guid><link>https://example.com/{show}</link>"
            f"{enclosure}</item>"
        )
    return (
        '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel>'
        f"<title>{show}</title>{''.join(items)}</channel></rss>"
    )


POLITICS_FEED = rss_feed(
    "politics",
    [
        (
            "Budget Talks Stall, Again",
            "Tue, 03 Jun 2025 21:00:00 GMT",
            "https://audio.example.com/politics/budget.mp3",
        ),
        ("A Bonus Reading List", "Mon, 02 Jun 2025 12:00:00 GMT", None),
        (
            "Who Votes Early?",
            "Fri, 30 May 2025 21:00:00 GMT",
            "https://audio.example.com/politics/early.mp3",
        ),
    ],
)
LEHRER_FEED = rss_feed(
    "lehrer",
    [
        (
            "Listeners on Housing",
            "Wed, 04 Jun 2025 15:00:00 GMT",
            "https://audio.example.com/lehrer/housing.mp3",
        )
    ],
)


def fake_feed_reader(project_module, feeds: dict[str, str], log: CallLog):
    """The tutorial's PodcastFeedReader, parsing canned XML instead of URLs."""

    class FakeFeedReader(project_module.PodcastFeedReader):
        def fetch(self, url: str):
            log.record("fetch", {"url": url})
            return feedparser.parse(feeds[url])  # feedparser reads the string

    return FakeFeedReader()


def fake_modal_transcriber(project_module, log: CallLog):
    """The tutorial's ModalTranscriber, answering without Modal."""

    class FakeModalTranscriber(project_module.ModalTranscriber):
        def transcribe(self, audio_url: str) -> dict:
            log.record("transcribe", {"audio_url": audio_url})
            return {
                "language": "en",
                "text": "Welcome to the show. Today we talk about the budget.",
                "segments": [
                    {"start": 0.0, "end": 2.5, "text": "Welcome to the show."},
                    {
                        "start": 2.5,
                        "end": 1530.0,
                        "text": "Today we talk about the budget.",
                    },
                ],
            }

    return FakeModalTranscriber()


def summary_reply(model: str, messages: list[dict]) -> str:
    assert messages[-1]["content"].startswith("Episode: ")
    assert "Today we talk about the budget." in messages[-1]["content"]
    return "- The budget talks stall.\nWorth a listen if: you follow Congress."


def podcast_resources(project_module, feeds, feed_log, modal_log, openai_client):
    return {
        "feed_reader": fake_feed_reader(project_module, feeds, feed_log),
        "modal_transcriber": fake_modal_transcriber(project_module, modal_log),
        "openai": fake_openai_resource(openai_client),
    }


def test_modal_app_defines_the_transcriber_the_resource_calls():
    modal_app = load_example("tutorials/modal/podcast_transcription/modal_app.py")
    resources = load_example("tutorials/modal/podcast_transcription/resources.py")
    transcriber = resources.ModalTranscriber()
    assert isinstance(modal_app.app, modal.App)
    assert modal_app.app.name == transcriber.app_name
    # Modal names a deployed class after the Python class.
    assert isinstance(getattr(modal_app, transcriber.class_name), modal.Cls)
    assert isinstance(modal_app.main, modal.app.LocalEntrypoint)


def test_modal_transcriber_looks_up_the_deployed_class(monkeypatch):
    """ModalTranscriber's own code, with modal.Cls.from_name replaced."""
    resources = load_example("tutorials/modal/podcast_transcription/resources.py")
    log = CallLog()

    class FakeTranscriberInstance:
        def __init__(self):
            self.transcribe = SimpleNamespace(remote=self._remote)

        def _remote(self, audio_url):
            log.record("transcribe.remote", {"audio_url": audio_url})
            return {"language": "en", "text": "hi", "segments": []}

    def from_name(app_name, name, **kwargs):
        log.record("Cls.from_name", {"app_name": app_name, "name": name, **kwargs})
        return FakeTranscriberInstance

    monkeypatch.setattr(modal.Cls, "from_name", from_name)
    result = resources.ModalTranscriber().transcribe("https://audio.example.com/a.mp3")
    assert result["text"] == "hi"
    assert log.calls == [
        ("Cls.from_name", {"app_name": "podcast-transcriber", "name": "Transcriber"}),
        ("transcribe.remote", {"audio_url": "https://audio.example.com/a.mp3"}),
    ]


def test_single_feed_sensor_and_episode_partition(tmp_path):
    project = load_example("tutorials/modal/podcast_transcription/single_feed.py")
    feeds = {project.FEED_URL: POLITICS_FEED}
    feed_log, modal_log = CallLog(), CallLog()
    openai_client = FakeOpenAIClient(chat_reply=summary_reply)
    resources = podcast_resources(project, feeds, feed_log, modal_log, openai_client)
    instance = dg.DagsterInstance.ephemeral(tempdir=str(tmp_path))

    # The sensor adds one partition per episode with audio, newest first.
    sensor_resources = {"feed_reader": resources["feed_reader"]}
    context = dg.build_sensor_context(instance=instance, resources=sensor_resources)
    result = project.npr_politics_new_episodes(context)
    expected = ["2025-06-03-budget-talks-stall-again", "2025-05-30-who-votes-early"]
    assert [r.partition_key for r in result.run_requests] == expected
    (add_request,) = result.dynamic_partitions_requests
    assert add_request.partitions_def_name == "npr_politics_episodes"
    assert list(add_request.partition_keys) == expected

    # Once the partitions exist, the next evaluation has nothing to do.
    instance.add_dynamic_partitions("npr_politics_episodes", expected)
    again = project.npr_politics_new_episodes(
        dg.build_sensor_context(instance=instance, resources=sensor_resources)
    )
    assert not again.run_requests
    assert "No new episodes" in str(again.skip_reason)

    # A run for one partition: feed entry -> Modal transcript -> summary.
    run = dg.materialize(
        project.defs.assets,
        partition_key=expected[0],
        instance=instance,
        resources=resources,
    )
    assert run.success
    episode = run.output_for_node("npr_politics_episode")
    assert episode["title"] == "Budget Talks Stall, Again"
    assert modal_log.calls == [
        ("transcribe", {"audio_url": "https://audio.example.com/politics/budget.mp3"})
    ]
    metadata = materializations(run)
    assert metadata["npr_politics_transcript"]["minutes"].value == 25.5
    assert metadata["npr_politics_transcript"]["words"].value == 10
    summary = run.output_for_node("npr_politics_summary")
    assert summary == {
        "title": "Budget Talks Stall, Again",
        "summary": "- The budget talks stall.\nWorth a listen if: you follow Congress.",
    }
    assert_calls_match_real_client(openai_client.log, real_openai())


def test_factory_builds_one_pipeline_per_feed(tmp_path):
    project = load_example("tutorials/modal/podcast_transcription/definitions.py")
    defs = project.defs
    keys = {
        key.to_user_string() for key in defs.resolve_asset_graph().get_all_asset_keys()
    }
    assert keys == {
        f"{feed}/{name}"
        for feed in ("npr_politics", "brian_lehrer")
        for name in ("episode", "transcript", "summary")
    }
    sensor_names = {sensor.name for sensor in defs.sensors}
    assert sensor_names == {"npr_politics_new_episodes", "brian_lehrer_new_episodes"}

    feeds = {
        feed.url: xml for feed, xml in zip(project.FEEDS, [POLITICS_FEED, LEHRER_FEED])
    }
    feed_log, modal_log = CallLog(), CallLog()
    openai_client = FakeOpenAIClient(
        chat_reply=lambda model, messages: "- Housing costs."
    )
    resources = podcast_resources(project, feeds, feed_log, modal_log, openai_client)
    instance = dg.DagsterInstance.ephemeral(tempdir=str(tmp_path))

    (sensor,) = [s for s in defs.sensors if s.name == "brian_lehrer_new_episodes"]
    context = dg.build_sensor_context(
        instance=instance, resources={"feed_reader": resources["feed_reader"]}
    )
    result = sensor(context)
    (key,) = [r.partition_key for r in result.run_requests]
    assert key == "2025-06-04-listeners-on-housing"
    instance.add_dynamic_partitions("brian_lehrer_episodes", [key])

    lehrer_assets = [a for a in defs.assets if a.key.path[0] == "brian_lehrer"]
    run = dg.materialize(
        lehrer_assets, partition_key=key, instance=instance, resources=resources
    )
    assert run.success
    assert feed_log.named("fetch")[-1]["url"] == "https://feeds.simplecast.com/_q7f604D"
    assert (
        modal_log.calls[0][1]["audio_url"]
        == "https://audio.example.com/lehrer/housing.mp3"
    )
    summary = run.output_for_node("brian_lehrer__summary")
    assert summary == {"title": "Listeners on Housing", "summary": "- Housing costs."}


# --- the single-process limitation the tutorials warn about ----------------
#
# model-validation.md, additional-prompt.md and retrieval.md warn that the
# real OpenAIResource and AnthropicResource fail a single-process run in
# which a second asset calls the client after a first one finished. These
# tests keep that warning honest: if a new release of either library fixes
# the behaviour, they fail, and the warnings can go.

ALREADY_YIELDED = "has already been yielded"


def test_openai_resource_fails_two_assets_in_one_process(rag_project):
    client = FakeOpenAIClient(chat_reply=rag_chat_reply)

    class OpenAIResourceWithFakeClient(OpenAIResource):
        def setup_for_execution(self, context) -> None:
            self._client = client

    result = dg.materialize(
        rag_project.defs.assets,
        resources={
            "web": fake_web_fetcher(rag_project, CallLog()),
            "pinecone": fake_pinecone_resource(rag_project, FakePineconeClient()),
            "openai": OpenAIResourceWithFakeClient(api_key="test-key"),
        },
        raise_on_error=False,
    )
    assert not result.success
    assert ALREADY_YIELDED in result.failure_data_for_node("answer").error.message


def test_anthropic_resource_fails_two_assets_in_one_process(outing_project):
    claude = FakeAnthropicClient(outing_reply)

    class AnthropicResourceWithFakeClient(AnthropicResource):
        def setup_for_execution(self, context) -> None:
            self._client = claude

    result = dg.materialize(
        outing_project.defs.assets,
        resources={
            "anthropic": AnthropicResourceWithFakeClient(api_key="test-key"),
            "weather": fake_weather_resource(outing_project, CallLog()),
        },
        raise_on_error=False,
    )
    assert not result.success
    failure = result.failure_data_for_node("outing_recommendation")
    assert ALREADY_YIELDED in failure.error.message
