"""Tests of scripts/api_inventory.py on a small package written for the purpose.

Run by scripts/api-inventory.sh --check with the inventory's own virtualenv (griffe).
"""

import json
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "api_inventory.py"

FILES = {
    "demo_lib/__init__.py": """
        from demo_lib.resources import DemoResource as DemoResource, helper
        from demo_lib.records import Settings as Settings
        from demo_lib.extra import build_thing

        __all__ = ["build_thing"]

        try:
            import json as json_module
        except ImportError:
            pass
        else:
            from demo_lib.extra import optional_tool as optional_tool
    """,
    "demo_lib/resources.py": """
        from pydantic import Field

        class ConfigurableResource:
            pass

        class BaseResource(ConfigurableResource):
            host: str
            port: int = 5432

        class DemoResource(BaseResource):
            schema_: str | None = Field(default=None, alias="schema")
            tags: list[str] = Field(default_factory=list)
            timeout: float = Field(30.0, description="seconds")

            @property
            def url(self) -> str:
                return self.host

        def helper():
            pass
    """,
    "demo_lib/records.py": """
        def record(cls=None, **kwargs):
            return cls

        @record
        class Settings:
            name: str
            retries: int = 3
    """,
    "demo_lib/extra.py": """
        def build_thing(name: str, *, size: int = 1) -> dict:
            return {}

        def optional_tool():
            pass
    """,
    "demo_lib/cloud/__init__.py": """
        from demo_lib.cloud.client import CloudClient as CloudClient
        from demo_lib.resources import DemoResource as DemoResource
    """,
    "demo_lib/cloud/client.py": """
        class CloudClient:
            def __init__(self, token: str, region: str = "us"):
                pass
    """,
    "demo_lib/alembic/__init__.py": """
        from demo_lib.extra import build_thing as build_thing
    """,
}


def inventory():
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for rel, text in FILES.items():
            path = root / "src" / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(text))
        subprocess.run(
            [sys.executable, str(SCRIPT), tmp, "demo_lib 1.0 https://example.com/src/"],
            check=True,
            env={"PYTHONPATH": str(root / "src")},
        )
        return json.loads((root / "demo_lib.json").read_text())


def by_name(data):
    return {o["name"]: o for o in data["objects"]}


def test_exports_come_from_all_aliases_and_optional_blocks_only():
    names = set(by_name(inventory()))
    # `helper` is imported without the `as helper` re-export mark and is not in __all__.
    assert names == {
        "demo_lib.DemoResource",
        "demo_lib.Settings",
        "demo_lib.build_thing",
        "demo_lib.optional_tool",
        "demo_lib.cloud.CloudClient",
    }


def test_pydantic_fields_are_keyword_parameters_with_aliases_and_defaults():
    params = by_name(inventory())["demo_lib.DemoResource"]["parameters"]
    assert [(p["name"], p.get("default"), p["required"]) for p in params] == [
        ("host", None, True),
        ("port", "5432", False),
        ("schema", "None", False),
        ("tags", "list()", False),
        ("timeout", "30.0", False),
    ]
    assert {p["kind"] for p in params} == {"keyword-only"}


def test_record_fields_and_plain_signatures():
    objects = by_name(inventory())
    settings = objects["demo_lib.Settings"]["parameters"]
    assert [(p["name"], p["required"]) for p in settings] == [("name", True), ("retries", False)]
    client = objects["demo_lib.cloud.CloudClient"]["parameters"]
    assert [(p["name"], p["kind"], p.get("default")) for p in client] == [
        ("token", "positional", None),
        ("region", "positional", "'us'"),
    ]
    thing = objects["demo_lib.build_thing"]
    assert thing["kind"] == "function" and thing["returns"] == "dict"
    # The file starts with a blank line, so the function is on line 2.
    assert thing["source"] == {"file": "demo_lib/extra.py", "line": 2}


if __name__ == "__main__":
    for name, test in list(globals().items()):
        if name.startswith("test_"):
            test()
            print(f"ok {name}")
