"""The harness itself: broken examples fail it, good ones pass.

Everything here runs the same code as test_examples_load.py on examples
written into a temporary folder, so it does not depend on the real examples.
"""

import sys
import textwrap
import types
from pathlib import Path

import dagster as dg
import pytest

from example_loader import (
    ExampleDefinitionError,
    check_example,
    discover_examples,
    example_flags,
    load_example,
    relative_id,
)
from markdown_blocks import syntax_errors


def write(root: Path, relpath: str, code: str) -> Path:
    path = root / relpath
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(code).lstrip(), encoding="utf-8")
    return path


@pytest.fixture
def root(tmp_path):
    """An examples root of its own, outside the (autouse) working directory."""
    path = tmp_path / "examples"
    path.mkdir()
    return path


# --- broken examples ------------------------------------------------------

BROKEN = {
    "syntax_error": (
        SyntaxError,
        """
        import dagster as dg

        @dg.asset
        def orders(:
            return 1
        """,
    ),
    "missing_dagster_name_import": (
        ImportError,
        """
        from dagster import asset_that_does_not_exist
        """,
    ),
    "missing_dagster_attribute": (
        AttributeError,
        """
        import dagster as dg

        @dg.assett
        def orders():
            return 1
        """,
    ),
    "error_at_import": (
        ZeroDivisionError,
        """
        rows = 1 / 0
        """,
    ),
    "input_from_missing_upstream": (
        dg.DagsterInvalidDefinitionError,
        """
        import dagster as dg

        @dg.asset
        def report(raw_orders):  # no asset is called raw_orders
            return raw_orders

        defs = dg.Definitions(assets=[report])
        """,
    ),
    "deps_on_missing_upstream": (
        ExampleDefinitionError,
        """
        import dagster as dg

        @dg.asset
        def raw_orders():
            return 1

        @dg.asset(deps=["raw_ordrs"])  # typo: Dagster would accept it
        def report():
            return 2

        defs = dg.Definitions(assets=[raw_orders, report])
        """,
    ),
    "deps_on_missing_upstream_without_definitions": (
        ExampleDefinitionError,
        """
        import dagster as dg

        @dg.asset(deps=["raw_ordrs"])
        def report():
            return 2
        """,
    ),
    "check_on_missing_asset": (
        ExampleDefinitionError,
        """
        import dagster as dg

        @dg.asset_check(asset="ordrs")
        def orders_not_empty():
            return dg.AssetCheckResult(passed=True)

        defs = dg.Definitions(asset_checks=[orders_not_empty])
        """,
    ),
    "duplicate_asset_key": (
        dg.DagsterInvalidDefinitionError,
        """
        import dagster as dg

        @dg.asset(name="orders")
        def orders_v1():
            return 1

        @dg.asset(name="orders")
        def orders_v2():
            return 2

        defs = dg.Definitions(assets=[orders_v1, orders_v2])
        """,
    ),
    "duplicate_asset_key_without_definitions": (
        dg.DagsterInvalidDefinitionError,
        """
        import dagster as dg

        @dg.asset(name="orders")
        def orders_v1():
            return 1

        @dg.asset(name="orders")
        def orders_v2():
            return 2
        """,
    ),
    "job_selects_missing_asset": (
        dg.DagsterInvalidDefinitionError,
        """
        import dagster as dg

        @dg.asset
        def orders():
            return 1

        orders_job = dg.define_asset_job("orders_job", selection=["ordrs"])

        defs = dg.Definitions(assets=[orders], jobs=[orders_job])
        """,
    ),
    "missing_resource": (
        dg.DagsterInvalidDefinitionError,
        """
        import dagster as dg

        class Warehouse(dg.ConfigurableResource):
            url: str

        @dg.asset
        def orders(warehouse: Warehouse):
            return 1

        defs = dg.Definitions(assets=[orders])
        """,
    ),
}


@pytest.mark.parametrize("name", BROKEN)
def test_broken_example_fails(root, name):
    error, code = BROKEN[name]
    path = write(root, f"broken/{name}.py", code)
    with pytest.raises(error):
        check_example(path, root)


def test_undefined_asset_error_names_the_key_and_its_user(root):
    path = write(root, "deps_typo.py", BROKEN["deps_on_missing_upstream"][1])
    with pytest.raises(ExampleDefinitionError, match=r"'raw_ordrs' \(used by report\)"):
        check_example(path, root)


# --- good examples --------------------------------------------------------


def test_complete_example_passes(root):
    path = write(
        root,
        "guides/complete.py",
        """
        import dagster as dg

        class Warehouse(dg.ConfigurableResource):
            url: str

        raw_orders = dg.AssetSpec("raw_orders")  # loaded by another tool

        @dg.asset(deps=[raw_orders])
        def orders(warehouse: Warehouse):
            return [1, 2, 3]

        @dg.asset_check(asset=orders)
        def orders_not_empty(orders):
            return dg.AssetCheckResult(passed=len(orders) > 0)

        orders_job = dg.define_asset_job("orders_job", selection=[orders])
        daily = dg.ScheduleDefinition(job=orders_job, cron_schedule="0 6 * * *")

        @dg.sensor(job=orders_job)
        def new_file_sensor(context):
            return dg.SkipReason("nothing new")

        defs = dg.Definitions(
            assets=[raw_orders, orders],
            asset_checks=[orders_not_empty],
            jobs=[orders_job],
            schedules=[daily],
            sensors=[new_file_sensor],
            resources={"warehouse": Warehouse(url="duckdb:///:memory:")},
        )
        """,
    )
    check_example(path, root)


def test_example_without_definitions_is_validated_from_its_objects(root):
    # Resources at module level are keyed by their variable name.
    path = write(
        root,
        "loose.py",
        """
        import dagster as dg

        class Warehouse(dg.ConfigurableResource):
            url: str

        warehouse = Warehouse(url="duckdb:///:memory:")
        daily = dg.DailyPartitionsDefinition(start_date="2024-01-01")

        @dg.asset(partitions_def=daily)
        def orders(warehouse: Warehouse):
            return 1

        orders_job = dg.define_asset_job("orders_job", selection=[orders])
        orders_schedule = dg.build_schedule_from_partitioned_job(orders_job)
        same_job_other_name = orders_job
        """,
    )
    check_example(path, root)


def test_lazy_definitions_are_loaded(root):
    path = write(
        root,
        "lazy.py",
        """
        import dagster as dg

        @dg.definitions
        def defs():
            @dg.asset(name="orders")
            def a():
                return 1

            @dg.asset(name="orders")
            def b():
                return 2

            return dg.Definitions(assets=[a, b])
        """,
    )
    with pytest.raises(dg.DagsterInvalidDefinitionError, match="Duplicate asset key"):
        check_example(path, root)


def test_external_deps_flag_allows_undeclared_upstream(root):
    code = textwrap.dedent(BROKEN["deps_on_missing_upstream"][1])
    path = write(root, "external.py", "# docs-example: external-deps\n" + code)
    check_example(path, root)


def test_sibling_modules_do_not_leak_between_folders(root):
    for area, value in [("area_a", 1), ("area_b", 2)]:
        write(root, f"{area}/helpers.py", f"VALUE = {value}\n")
        write(root, f"{area}/example.py", "from helpers import VALUE\n")
    assert load_example("area_a/example.py", root).VALUE == 1
    assert load_example("area_b/example.py", root).VALUE == 2


def test_a_module_imported_earlier_does_not_shadow_a_sibling(root, monkeypatch):
    stale = types.ModuleType("helpers")
    stale.VALUE = "stale"
    monkeypatch.setitem(sys.modules, "helpers", stale)
    write(root, "area/helpers.py", "VALUE = 'fresh'\n")
    write(root, "area/example.py", "from helpers import VALUE\n")
    assert load_example("area/example.py", root).VALUE == "fresh"
    assert sys.modules["helpers"] is stale  # and it is put back afterwards


def write_project(root: Path, definitions_code: str) -> None:
    """A multi-file project: a package whose parts need each other."""
    write(root, "project/my_project/__init__.py", "")
    write(
        root,
        "project/my_project/resources.py",
        """
        import dagster as dg

        class Warehouse(dg.ConfigurableResource):
            url: str

        warehouse = Warehouse(url="duckdb://")
        """,
    )
    write(
        root,
        "project/my_project/assets.py",
        """
        import dagster as dg
        from .resources import Warehouse  # relative import

        @dg.asset
        def orders(warehouse: Warehouse):  # resource given in definitions.py
            return 1
        """,
    )
    write(root, "project/my_project/definitions.py", definitions_code)


def test_project_parts_are_validated_through_its_definitions(root):
    write_project(
        root,
        """
        import dagster as dg
        from my_project import assets  # absolute import
        from my_project.resources import warehouse

        defs = dg.Definitions(assets=[assets.orders], resources={"warehouse": warehouse})
        """,
    )
    check_example(root / "project/my_project/assets.py", root)
    check_example(root / "project/my_project/definitions.py", root)


def test_project_definitions_missing_a_resource_fail(root):
    write_project(
        root,
        """
        import dagster as dg
        from . import assets

        defs = dg.Definitions(assets=[assets.orders])
        """,
    )
    with pytest.raises(dg.DagsterInvalidDefinitionError, match="warehouse"):
        check_example(root / "project/my_project/definitions.py", root)


def test_files_written_at_import_stay_out_of_the_repo(root, tmp_path):
    path = write(root, "writer.py", "open('output.csv', 'w').write('a,b\\n')\n")
    check_example(path, root)
    assert not (root / "output.csv").exists()
    assert not (tmp_path / "output.csv").exists()  # nor the test's own cwd


def test_each_load_runs_the_file_again(root):
    path = write(root, "counter.py", "fresh = object()\n")
    assert load_example(path, root).fresh is not load_example(path, root).fresh


# --- discovery ------------------------------------------------------------


def test_discovery_skips_harness_private_and_virtualenv_files(root):
    kept = ["getting_started/hello.py", "guides/build/assets/defining_assets.py"]
    skipped = [
        "tests/test_area.py",
        ".venv/lib/site.py",
        "other_env/lib/site.py",
        "_drafts/draft.py",
        "guides/_shared.py",
        "guides/__init__.py",
        "guides/conftest.py",
        "guides/notes.txt",
    ]
    for relpath in kept + skipped:
        write(root, relpath, "")
    write(root, "other_env/pyvenv.cfg", "")
    found = [relative_id(p, root) for p in discover_examples(root)]
    assert found == sorted(kept)


def test_flags_come_from_whole_line_comments(root):
    path = write(
        root,
        "flagged.py",
        """
        # docs-example: no-import, external-deps
        x = "# docs-example: not-a-flag"
        """,
    )
    assert example_flags(path) == {"no-import", "external-deps"}


# --- inline Markdown blocks -----------------------------------------------


def test_inline_block_syntax_error_reports_page_and_line(root):
    page = write(
        root,
        "page.mdx",
        """
        # Title

        ```python title="ok.py"
        import dagster as dg
        ```

        ```py
        x = 1
        def broken(:
        ```
        """,
    )
    assert syntax_errors(page) == [f"{page}:9: invalid syntax"]


def test_inline_blocks_skipped_or_not_python_are_not_parsed(root):
    page = write(
        root,
        "page.md",
        """
        ```python skip-parse
        def placeholder(...): ...
        ```

        ```bash
        dagster dev -f (definitions.py
        ```

        ````md
        ```python
        this is shown as Markdown, not run as Python
        ```
        ````

        1. In a list:

           ```python
           import dagster as dg
           if True:
               pass
           ```
        """,
    )
    assert syntax_errors(page) == []
