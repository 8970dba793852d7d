"""Tests for the Components guides (site/examples/guides/preview/components/...).

The example projects load in process with dg.load_from_defs_folder and their
assets and checks run. The slow tests run create-dagster and dg for real in a
temporary folder (offline), as the getting started page does.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import dagster as dg
import pytest
from example_loader import EXAMPLES_ROOT

COMPONENTS = EXAMPLES_ROOT / "guides" / "preview" / "components"
DOCS = EXAMPLES_ROOT.parent / "docs" / "guides" / "preview" / "components"
BIN = Path(sys.executable).parent


@pytest.fixture
def on_path(monkeypatch):
    """Put a project folder on sys.path, and forget its modules afterwards."""

    def add(folder: Path, package: str):
        monkeypatch.syspath_prepend(str(folder))
        for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
            monkeypatch.delitem(sys.modules, name)
        return folder / package

    yield add
    for name in [m for m in list(sys.modules) if m.split(".")[0] in {"weather", "shop"}]:
        sys.modules.pop(name, None)


def checks_of(result) -> dict[str, bool]:
    return {
        f"{e.event_specific_data.asset_key.to_user_string()}:{e.event_specific_data.check_name}": (
            e.event_specific_data.passed
        )
        for e in result.all_events
        if e.event_type_value == "ASSET_CHECK_EVALUATION"
    }


def test_weather_project_loads_and_runs(on_path):
    package = on_path(COMPONENTS / "weather_project", "weather")
    defs = dg.load_from_defs_folder(path_within_project=package)
    graph = defs.resolve_asset_graph()
    assert {k.to_user_string() for k in graph.get_all_asset_keys()} == {
        "weather/stations",
        "weather/observations",
        "daily_summary",
    }
    stations = graph.get(dg.AssetKey(["weather", "stations"]))
    assert stations.group_name == "weather"
    assert stations.description == "Weather stations, loaded from the bundled CSV"
    observations = graph.get(dg.AssetKey(["weather", "observations"]))
    # post_processing added owners and a tag.
    assert observations.owners == ["team:forecasting"]
    assert observations.tags["source"] == "csv"

    result = defs.resolve_implicit_global_asset_job_def().execute_in_process(
        instance=dg.DagsterInstance.ephemeral()
    )
    assert result.success
    assert checks_of(result) == {
        "weather/stations:station_id_present": True,
        "weather/stations:name_present": True,
        "weather/observations:station_id_present": True,
        "weather/observations:temperature_c_present": True,
    }
    row_counts = {
        e.asset_key.to_user_string(): e.event_specific_data.materialization.metadata["row_count"].value
        for e in result.get_asset_materialization_events()
        if "row_count" in e.event_specific_data.materialization.metadata
    }
    assert row_counts == {"weather/stations": 3, "weather/observations": 3}


def test_env_template_is_resolved(on_path, monkeypatch):
    monkeypatch.setenv("STATIONS_SOURCE", "the national registry")
    package = on_path(COMPONENTS / "weather_project", "weather")
    defs = dg.load_from_defs_folder(path_within_project=package)
    spec = defs.resolve_asset_graph().get(dg.AssetKey(["weather", "stations"]))
    assert spec.description == "Weather stations, loaded from the national registry"


def test_component_built_directly(tmp_path, on_path):
    on_path(COMPONENTS / "weather_project", "weather")
    from weather.components import CsvTable

    (tmp_path / "t.csv").write_text("a,b\n1,\n")
    component = CsvTable(asset_key="t", path=str(tmp_path / "t.csv"), required_columns=["a", "b"])
    defs = dg.build_defs_for_component(component)
    result = defs.resolve_implicit_global_asset_job_def().execute_in_process(
        instance=dg.DagsterInstance.ephemeral()
    )
    assert checks_of(result) == {"t:a_present": True, "t:b_present": False}


def test_existing_project_merges_old_and_new(on_path, monkeypatch):
    package = on_path(COMPONENTS / "existing_project", "shop")
    monkeypatch.setenv("PATH", f"{BIN}{os.pathsep}{os.environ['PATH']}")  # the script's python
    from shop.definitions import defs

    merged = defs()
    graph = merged.resolve_asset_graph()
    assert {k.to_user_string() for k in graph.get_all_asset_keys()} == {
        "orders",
        "order_total",
        "stock_levels",
    }
    assert graph.get(dg.AssetKey("stock_levels")).parent_keys == {dg.AssetKey("orders")}
    assert merged.resolve_job_def("daily_job") is not None
    result = merged.resolve_implicit_global_asset_job_def().execute_in_process(
        instance=dg.DagsterInstance.ephemeral()
    )
    assert result.success
    units = [
        e.event_specific_data.materialization.metadata["units"].value
        for e in result.get_asset_materialization_events()
        if e.asset_key == dg.AssetKey("stock_levels")
    ]
    assert units == [200]
    assert package.exists()


def test_project_keys_table_is_complete():
    from dagster_dg_core.config import DgRawProjectConfig

    page = (DOCS / "existing-code-location.md").read_text()
    documented = {
        line.split("`")[1].removeprefix("project.")
        for line in page.split("## Create the `defs` folder")[0].splitlines()
        if line.startswith("| `")
    }
    assert documented == set(DgRawProjectConfig.__annotations__) | {"directory_type"}


def test_builtin_component_types_listed():
    page = (DOCS / "using-a-component.md").read_text()
    for name in [
        "DefinitionsComponent",
        "DefsFolderComponent",
        "FunctionComponent",
        "PythonScriptComponent",
        "UvRunComponent",
        "TemplatedSqlComponent",
    ]:
        assert issubclass(getattr(dg, name), dg.Component)
        assert f"`dagster.{name}`" in page


def test_components_api_has_no_lifecycle_warning():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")

        class Probe(dg.Component, dg.Model, dg.Resolvable):
            value: int = 1

            def build_defs(self, context):
                return dg.Definitions()

        dg.build_defs_for_component(Probe())


# --- the dg CLI, for real ---------------------------------------------------


def run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    env["PYTHONPATH"] = str(cwd / "src")
    return subprocess.run(
        cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL
    )


@pytest.fixture
def scaffolded(tmp_path):
    created = run([str(BIN / "create-dagster"), "project", "my-project", "--no-uv-sync"], tmp_path)
    assert created.returncode == 0, created.stderr
    project = tmp_path / "my-project"
    assert (project / "src" / "my_project" / "definitions.py").exists()
    assert "[tool.dg]" in (project / "pyproject.toml").read_text()
    return project


@pytest.mark.slow
def test_dg_scaffold_defs_and_list(scaffolded):
    done = run([str(BIN / "dg"), "scaffold", "defs", "dagster.asset", "assets.py"], scaffolded)
    assert done.returncode == 0, done.stderr
    assets_file = scaffolded / "src" / "my_project" / "defs" / "assets.py"
    assets_file.write_text(
        "import dagster as dg\n\n\n@dg.asset\ndef greetings() -> None:\n    pass\n"
    )
    listed = run([str(BIN / "dg"), "list", "defs", "--json"], scaffolded)
    assert listed.returncode == 0, listed.stderr
    payload = json.loads(listed.stdout[listed.stdout.index("{") :])
    assert [a["asset_key"] for a in payload["assets"]] == ["greetings"]


@pytest.mark.slow
def test_dg_check_defs_on_the_weather_project(tmp_path):
    project = tmp_path / "weather_project"
    shutil.copytree(COMPONENTS / "weather_project", project)
    # dg expects the package under src/ or on the path; put it on PYTHONPATH.
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(project)}
    checked = subprocess.run(
        [str(BIN / "dg"), "check", "defs"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "All definitions loaded successfully" in checked.stdout + checked.stderr


@pytest.mark.slow
def test_dg_scaffold_component(scaffolded):
    done = run([str(BIN / "dg"), "scaffold", "component", "CsvTable"], scaffolded)
    assert done.returncode == 0, done.stderr
    source = (scaffolded / "src" / "my_project" / "components" / "csv_table.py").read_text()
    assert "class CsvTable(dg.Component, dg.Model, dg.Resolvable):" in source
    assert "def build_defs(self, context: dg.ComponentLoadContext) -> dg.Definitions:" in source
