"""Tests for resources and for the assets that use them (run them with pytest)."""

from unittest import mock

import api_resource
import configuring_resources
import defining_resources
from api_resource import FakeGitHubAPI, GitHubAPI
from configuring_resources import CrmClient
from defining_resources import ReportStore
from resource_state import SQLiteDatabase

import dagster as dg


# start_test_directly
def test_report_store_writes_files(tmp_path):
    # A resource is a plain object: build it with test values and call it.
    store = ReportStore(base_dir=str(tmp_path))
    store.write("daily", "all good")
    assert store.list_reports() == ["daily"]
    assert (tmp_path / "daily.txt").read_text() == "all good"


# end_test_directly


# start_test_asset_with_fake
def test_repo_stats_with_fake_client():
    # Call the asset function directly and pass a double for the resource.
    result = api_resource.dagster_repo_stats(github=FakeGitHubAPI())
    assert result.metadata["stars"] == 100


# end_test_asset_with_fake


# start_test_with_mock
def test_get_repo_calls_the_api():
    fake_response = mock.Mock()
    fake_response.json.return_value = {"stargazers_count": 5}
    # Replace requests.get for the duration of the block: no network call is made.
    with mock.patch("requests.get", return_value=fake_response) as get:
        repo = GitHubAPI(token="test-token").get_repo("acme", "pipelines")

    assert repo == {"stargazers_count": 5}
    url = get.call_args.args[0]
    headers = get.call_args.kwargs["headers"]
    assert url == "https://api.github.com/repos/acme/pipelines"
    assert headers["Authorization"] == "Bearer test-token"
    fake_response.raise_for_status.assert_called_once()


# end_test_with_mock


# start_test_materialize
def test_signup_report_run(tmp_path):
    result = dg.materialize(
        [defining_resources.signups, defining_resources.signup_report],
        resources={"report_store": ReportStore(base_dir=str(tmp_path))},
    )
    assert result.success
    assert (tmp_path / "signups.txt").read_text() == "3 new signups\n"


# end_test_materialize


# start_test_env_var
def test_env_var_is_read_at_run_time(monkeypatch):
    monkeypatch.setenv("TEST_CRM_TOKEN", "secret")
    crm = CrmClient(api_url="https://crm.test/api", api_token=dg.EnvVar("TEST_CRM_TOKEN"))
    result = dg.materialize([configuring_resources.crm_accounts], resources={"crm": crm})
    assert result.success


# end_test_env_var


# start_test_lifecycle
def test_database_lifecycle_with_build_resources(tmp_path):
    db = SQLiteDatabase(path=str(tmp_path / "test.sqlite"))
    # build_resources runs setup_for_execution on entry and teardown on exit.
    with dg.build_resources({"db": db}) as resources:
        assert resources.db.query("select 1 + 1") == [(2,)]


def test_database_lifecycle_by_hand():
    db = SQLiteDatabase(path=":memory:")
    context = dg.build_init_resource_context()
    db.setup_for_execution(context)
    try:
        assert db.query("select 'ok'") == [("ok",)]
    finally:
        db.teardown_after_execution(context)


# end_test_lifecycle
