"""Find, import and validate the documentation's example files.

The load test runs every example through `check_example`; area tests
(tests/test_<area>.py) call `load_example` to get a module and then exercise
its definitions (dg.materialize, dg.build_schedule_context, ...).

Examples are plain Python files, not an installed package, so each one is
imported by file path under a fresh module name. Siblings in the same folder
can import each other (`from assets import orders`); those sibling modules
are dropped from sys.modules afterwards so that two folders that both have an
`assets.py` never see each other's.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import itertools
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import dagster as dg

# Not re-exported at the top level of dagster, but they are what the public
# dg.define_asset_job, dg.build_schedule_from_partitioned_job and
# @dg.definitions return, so module-level objects of these types are
# definitions an example wants loaded.
from dagster._core.definitions.partitions.partitioned_schedule import (
    UnresolvedPartitionedAssetScheduleDefinition,
)
from dagster._core.definitions.unresolved_asset_job_definition import (
    UnresolvedAssetJobDefinition,
)
from dagster.components.definitions import LazyDefinitions

EXAMPLES_ROOT = Path(__file__).resolve().parent.parent

# A whole-line comment such as `# docs-example: no-import` sets flags for
# the file it is in; several flags may be given, separated by commas.
FLAG_LINE = re.compile(r"^[ \t]*#[ \t]*docs-example:(?P<flags>.*)$", re.MULTILINE)
NO_IMPORT = "no-import"  # a fragment: only checked to be valid Python
EXTERNAL_DEPS = "external-deps"  # may depend on assets defined elsewhere

# Metadata that Dagster puts on the placeholder asset it invents for a
# dependency (or asset check target) that no definition provides.
STUB_ASSET_METADATA_KEY = "dagster/auto_created_stub_asset"

# Folders at the top of the examples root that hold no examples.
NOT_EXAMPLE_DIRS = {"tests", ".venv", "venv", "node_modules"}

# What Definitions(resources=...) accepts; ConfigurableIOManagerFactory also
# covers dg.ConfigurableIOManager.
RESOURCE_TYPES = (
    dg.ConfigurableResource,
    dg.ConfigurableIOManagerFactory,
    dg.ResourceDefinition,
    dg.IOManager,
)

_fresh_ids = itertools.count()


class ExampleDefinitionError(Exception):
    """An example's definitions load but are wrong for documentation."""


# --- finding examples -----------------------------------------------------


def example_flags(path: Path) -> set[str]:
    """Flags set by `# docs-example: ...` comments in the file."""
    text = path.read_text(encoding="utf-8")
    flags = set()
    for match in FLAG_LINE.finditer(text):
        flags.update(f.strip() for f in match["flags"].split(",") if f.strip())
    return flags


def discover_examples(root: Path = EXAMPLES_ROOT) -> list[Path]:
    """Every example file under root, sorted, including no-import ones."""
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        here = Path(dirpath)
        # Pruning in place stops os.walk from descending into these folders.
        dirnames[:] = sorted(
            d for d in dirnames if _is_example_dir(here / d, at_root=here == root)
        )
        found.extend(here / f for f in filenames if _is_example_file(f))
    return sorted(found)


def _is_example_dir(path: Path, at_root: bool) -> bool:
    if path.name.startswith(("_", ".")):  # private, __pycache__, .venv, .git
        return False
    if at_root and path.name in NOT_EXAMPLE_DIRS:
        return False
    return not (path / "pyvenv.cfg").exists()  # any other virtualenv


def _is_example_file(name: str) -> bool:
    return name.endswith(".py") and not name.startswith("_") and name != "conftest.py"


def relative_id(path: Path, root: Path = EXAMPLES_ROOT) -> str:
    """The id tests use for an example: its path relative to root."""
    return path.relative_to(root).as_posix()


# --- importing ------------------------------------------------------------


def load_example(relpath: str | Path, root: Path = EXAMPLES_ROOT) -> ModuleType:
    """Import the example at root/relpath in isolation and return the module.

    Every call runs the file again and returns a new module object. While it
    runs, the working directory is a throwaway temporary folder (examples
    that write files at import time leave nothing in the repo) and the
    file's own folder is first on sys.path (for sibling imports).
    """
    path = (Path(root) / relpath).resolve()
    if not path.is_file():
        raise FileNotFoundError(f"no example at {path}")
    import_dirs, package = _import_location(path)
    with _isolated_imports(import_dirs), _temporary_cwd():
        return _exec_file(path, package)


def _import_location(path: Path) -> tuple[list[Path], list[str]]:
    """Folders to put on sys.path, and the package the file is part of.

    Usually an example folder is not a package and the answer is just its
    own folder. If it has __init__.py files (a project laid out like a real
    Dagster project), the folder above the outermost package goes on
    sys.path too so absolute and relative imports inside it work.
    """
    folder, package = path.parent, []
    while (folder / "__init__.py").is_file():
        package.insert(0, folder.name)
        folder = folder.parent
    dirs = [path.parent] if not package else [path.parent, folder]
    return dirs, package


def _exec_file(path: Path, package: list[str]) -> ModuleType:
    if package:
        # Relative imports need the parent package imported under its name.
        importlib.import_module(".".join(package))
        name = ".".join([*package, path.stem])
    else:
        name = f"docs_example_{next(_fresh_ids)}_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    # Registered before running it: dataclasses, pickling and
    # dg.load_assets_from_current_module look the module up by name.
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@contextlib.contextmanager
def _isolated_imports(dirs: list[Path]) -> Iterator[None]:
    """Put dirs first on sys.path, with none of their modules imported yet.

    Example folders reuse plain module names (assets.py, resources.py), so
    a sibling that another example (or test) imported earlier is hidden
    while this one runs, and what this one imports is dropped afterwards.
    The example's own module stays in sys.modules: its name is unique, and
    classes defined in it keep resolving their module.
    """
    local_names = _module_names_in(dirs)
    saved_path = list(sys.path)
    hidden = _pop_modules(local_names)
    sys.path[:0] = [str(d) for d in dirs]
    try:
        yield
    finally:
        sys.path[:] = saved_path
        _pop_modules(local_names)
        sys.modules.update(hidden)


def _module_names_in(dirs: list[Path]) -> set[str]:
    """Top-level names that `import` finds in dirs: modules and packages."""
    names = set()
    for folder in dirs:
        for entry in folder.iterdir():
            if entry.suffix == ".py" or (entry / "__init__.py").is_file():
                names.add(entry.stem)
    # An example called json.py must not unload the real json module.
    return names - set(sys.stdlib_module_names)


def _pop_modules(top_names: set[str]) -> dict[str, ModuleType]:
    """Remove and return the loaded modules under top_names.

    Installed packages stay even if a virtualenv sits inside an example
    folder: a C extension such as duckdb aborts the interpreter when it is
    imported a second time.
    """
    popped = {}
    for name, module in list(sys.modules.items()):
        if name.partition(".")[0] in top_names and not _is_installed(module):
            popped[name] = sys.modules.pop(name)
    return popped


def _is_installed(module: ModuleType) -> bool:
    file = getattr(module, "__file__", None)
    return bool(file) and _is_inside(Path(file), [sys.prefix, sys.base_prefix])


def _is_inside(path: Path, dirs: list) -> bool:
    path = path.resolve()
    return any(path.is_relative_to(Path(d).resolve()) for d in dirs)


@contextlib.contextmanager
def _temporary_cwd() -> Iterator[None]:
    saved = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="docs-example-") as tmp:
        os.chdir(tmp)
        try:
            yield
        finally:
            os.chdir(saved)


# --- validating -----------------------------------------------------------


def check_example(path: Path, root: Path = EXAMPLES_ROOT) -> ModuleType:
    """Import one example and validate every Definitions it has or implies."""
    module = load_example(path, root)
    allow_external = EXTERNAL_DEPS in example_flags(Path(module.__file__))
    for defs in definitions_of(module):
        validate(defs, allow_external_deps=allow_external)
    return module


def definitions_of(module: ModuleType) -> list[dg.Definitions]:
    """The Definitions to validate for a module.

    Its own Definitions if it has any. Otherwise one built from its loose
    objects, except in a package: a package is a multi-file project whose
    parts (assets.py, schedules.py) need resources and upstream assets from
    their siblings, and are validated through the project's Definitions.
    """
    values = _module_level_values(module)
    found = [v for v in values if isinstance(v, dg.Definitions)]
    found += [v() for v in values if _is_callable_lazy_definitions(v)]
    if found or module.__package__:
        return found
    return [definitions_from_objects(module)]


def _is_callable_lazy_definitions(value: object) -> bool:
    # @dg.definitions functions that want a ComponentLoadContext can only be
    # loaded inside a `dg` project, so the loose objects are checked instead.
    return isinstance(value, LazyDefinitions) and not value.has_context_arg


def _module_level_values(module: ModuleType) -> list[object]:
    # Once each, even when an object has two names (an alias, or an import
    # next to its definition).
    unique = {id(v): v for v in vars(module).values()}
    return list(unique.values())


def definitions_from_objects(module: ModuleType) -> dg.Definitions:
    """A Definitions of the module-level assets, checks, jobs, ... and resources.

    Resources are keyed by their variable name, which is how an example
    without its own Definitions would most naturally provide them.
    """
    groups = {k: [] for k in ("assets", "asset_checks", "jobs", "schedules", "sensors")}
    resources = {}
    seen = set()  # an object with two names would look like a duplicate key
    for name, value in vars(module).items():
        kind = _definition_kind(value)
        if kind == "resources":
            resources[name] = value
        elif kind and id(value) not in seen:
            seen.add(id(value))
            groups[kind].append(value)
    return dg.Definitions(**groups, resources=resources)


def _definition_kind(value: object) -> str | None:
    # AssetChecksDefinition subclasses AssetsDefinition, so it comes first.
    if isinstance(value, dg.AssetChecksDefinition):
        return "asset_checks"
    if isinstance(value, (dg.AssetsDefinition, dg.AssetSpec, dg.SourceAsset)):
        return "assets"
    if isinstance(value, (dg.JobDefinition, UnresolvedAssetJobDefinition)):
        return "jobs"
    if isinstance(value, (dg.ScheduleDefinition, UnresolvedPartitionedAssetScheduleDefinition)):
        return "schedules"
    if isinstance(value, dg.SensorDefinition):
        return "sensors"
    if isinstance(value, RESOURCE_TYPES):
        return "resources"
    return None


def validate(defs: dg.Definitions, allow_external_deps: bool = False) -> None:
    """Raise if Dagster could not load defs, or if it depends on undefined assets."""
    dg.Definitions.validate_loadable(defs)
    if not allow_external_deps:
        _check_no_undefined_assets(defs)


def _check_no_undefined_assets(defs: dg.Definitions) -> None:
    """Raise if an asset depends on (or a check targets) an undefined key.

    Dagster accepts `deps=["typo"]` and quietly invents an external asset
    for it; in documentation that is almost always a mistake. Examples that
    mean it declare the upstream with dg.AssetSpec, or set the
    `external-deps` flag.
    """
    specs = defs.resolve_all_asset_specs()
    undefined = {s.key for s in specs if STUB_ASSET_METADATA_KEY in (s.metadata or {})}
    if not undefined:
        return
    problems = []
    for key in sorted(undefined, key=lambda k: k.to_user_string()):
        users = sorted(
            s.key.to_user_string()
            for s in specs
            if any(dep.asset_key == key for dep in s.deps)
        )
        who = ", ".join(users) if users else "an asset check"
        problems.append(f"{key.to_user_string()!r} (used by {who})")
    raise ExampleDefinitionError(
        "undefined asset keys: "
        + "; ".join(problems)
        + ". Define them, declare them with dg.AssetSpec(...), or add "
        f"`# docs-example: {EXTERNAL_DEPS}` if the example means it."
    )
