"""Examples for community libraries that cannot be installed next to the others.

Each of these libraries pins versions that conflict with the docs environment
(an older dagster, or a grpcio older than the one the other libraries need), so
its example is marked `no-import` there. Here each one gets a virtual
environment of its own, created once under site/examples/.isolated/ (reused
while its requirements are unchanged), where the example is imported by path
and its Definitions validated, as the main load test does.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent
ISOLATED = EXAMPLES / ".isolated"

# example file -> (pip arguments, mode, why it cannot share the docs environment).
# mode "load": the example is imported and its Definitions validated.
# mode "names": the example needs an outside tool at load time (the meltano CLI and a
# project; the sdf binary, which is downloaded from outside PyPI), so the names it
# imports from the library are resolved in that environment instead.
LIBRARIES = {
    "integrations/weaviate/weaviate_collection.py": (
        [["dagster==1.13.27", "dagster-weaviate==0.0.4"]],
        "load",
        "weaviate-client needs grpcio<1.80; the docs environment has a newer grpcio",
    ),
    "integrations/gemini/gemini_resource.py": (
        [["dagster==1.13.27", "dagster-gemini==0.0.6"]],
        "load",
        "google-generativeai needs protobuf<6; the Google Cloud libraries here need a newer one",
    ),
    "integrations/perian/perian_job.py": (
        # six: python-dateutil imports it, and this old resolve does not bring it.
        [["dagster-perian==0.1.1", "six"]],
        "load",
        "needs dagster-docker 0.24.x, that is dagster 1.8",
    ),
    "integrations/meltano/meltano_project.py": (
        [["dagster-meltano==1.5.5"]],
        "names",
        "needs dagster-shell, whose last release supports dagster 1.9 only",
    ),
    "api/libraries/dagster_ge_reference.py": (
        [["dagster==1.13.27", "dagster-ge==0.29.27"]],
        "load",
        "great_expectations 0.18 pins numpy<2; the docs environment has numpy 2",
    ),
    "api/libraries/dagster_mlflow_reference.py": (
        [["dagster==1.13.27", "dagster-mlflow==0.29.27"]],
        "load",
        "mlflow brings a large tree (scikit-learn, matplotlib, Flask) the other examples do not need",
    ),
    "api/libraries/dagster_datahub_reference.py": (
        [["dagster==1.13.27", "dagster-datahub==0.29.27"]],
        "load",
        "acryl-datahub brings Kafka and Avro clients the other examples do not need",
    ),
    "integrations/sdf/sdf_workspace.py": (
        # sdf-cli downloads its binary while it builds: install the library without it.
        [["dagster==1.9.11", "orjson", "polars", "typer>=0.9.0"], ["--no-deps", "dagster-sdf==0.25.11"]],
        "names",
        "pins dagster==1.9.11",
    ),
}

# Resolves every name the example imports from a package other than dagster.
NAMES = r"""
import ast, importlib, json, sys
tree = ast.parse(open(sys.argv[1]).read())
found = []
for node in ast.walk(tree):
    if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] != "dagster":
        module = importlib.import_module(node.module)
        for alias in node.names:
            getattr(module, alias.name)
            found.append(node.module + "." + alias.name)
print(json.dumps({"names": found}))
"""

# Imports the example by path in the isolated interpreter and validates every
# module-level Definitions; prints what it found as JSON.
CHECK = r"""
import importlib.util, json, sys
import dagster as dg
spec = importlib.util.spec_from_file_location("example", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
defs = [v for v in vars(module).values() if isinstance(v, dg.Definitions)]
for d in defs:
    dg.Definitions.validate_loadable(d)
# Older dagster releases (in these environments) name the accessors get_* instead of resolve_*.
def call(d, new, old):
    return getattr(d, new, None)() if hasattr(d, new) else getattr(d, old)()
graphs = [call(d, "resolve_asset_graph", "get_asset_graph") for d in defs]
assets = sorted(k.to_user_string() for g in graphs for k in (g.get_all_asset_keys() if hasattr(g, "get_all_asset_keys") else g.all_asset_keys))
jobs = sorted(j.name for d in defs for j in call(d, "resolve_all_job_defs", "get_all_job_defs") if not j.name.startswith("__"))
print(json.dumps({"dagster": dg.__version__, "definitions": len(defs), "assets": assets, "jobs": jobs}))
"""


def _environment(installs: list[list[str]]) -> Path:
    key = hashlib.sha256(json.dumps(installs).encode()).hexdigest()[:12]
    env = ISOLATED / key
    python = env / "bin" / "python"
    if not (env / "ready").exists():
        venv.EnvBuilder(with_pip=True, clear=True).create(env)
        for args in installs:
            subprocess.run(
                [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q", *args],
                check=True,
                timeout=900,
            )
        (env / "ready").write_text(json.dumps(installs))
    return python


@pytest.mark.slow
@pytest.mark.parametrize("example", sorted(LIBRARIES))
def test_example_loads_in_its_own_environment(example):
    installs, mode, _why = LIBRARIES[example]
    python = _environment(installs)
    path = EXAMPLES / example
    # The marker that keeps the shared load test away must stay, or that test would fail.
    assert "docs-example: no-import" in path.read_text()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    result = subprocess.run(
        [str(python), "-c", CHECK if mode == "load" else NAMES, str(path)],
        capture_output=True,
        text=True,
        cwd=path.parent,
        env=env,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    found = json.loads(result.stdout.strip().splitlines()[-1])
    if mode == "names":
        assert found["names"], found
        return
    assert found["definitions"] >= 1, found
    # Something a reader would run: an asset, or a job of its own.
    assert found["assets"] or found["jobs"], found


def test_every_isolated_example_is_marked_and_explained():
    for example, (installs, mode, why) in LIBRARIES.items():
        assert (EXAMPLES / example).exists(), example
        assert installs and why and mode in ("load", "names"), example
    assert sys.version_info >= (3, 10)
