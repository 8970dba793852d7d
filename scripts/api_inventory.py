"""Writes the API inventory of one Python package: facts only, read statically with griffe.

    python api_inventory.py OUT_DIR "PACKAGE VERSION SOURCE_URL"...

writes OUT_DIR/PACKAGE.json for each package.

Every public top-level name of the package (the names its `__init__` re-exports, submodules
left out), with its kind, parameters, return annotation, lifecycle markers and source
location; for classes, the members the package marks with its `@public` decorator. No
docstring text: the pages say what things do, in their own words.
"""

import ast
import json
import sys

import griffe

# Decorators that state a lifecycle, on a name or (with `param=`) on one of its parameters.
LIFECYCLE = ("beta", "preview", "deprecated", "superseded")
# Keyword arguments of those decorators worth keeping (the version and the replacement).
LIFECYCLE_ARGS = {
    "breaking_version": "breakingVersion",
    "additional_warn_text": "note",
    "subject": "subject",
}
PARAM_KINDS = {
    "positional-only": "positional-only",
    "positional or keyword": "positional",
    "keyword-only": "keyword-only",
    "variadic positional": "var-positional",
    "variadic keyword": "var-keyword",
}


def literal(expr):
    """A decorator argument as the package wrote it, string quotes removed."""
    text = str(expr)
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text


def decorator_calls(obj):
    """(name, {keyword: value}) for each decorator of a function or class."""
    for decorator in getattr(obj, "decorators", []) or []:
        value = decorator.value
        if isinstance(value, griffe.ExprCall):
            name = str(value.function).rsplit(".", 1)[-1]
            kwargs = {
                a.name: literal(a.value)
                for a in value.arguments
                if isinstance(a, griffe.ExprKeyword)
            }
            yield name, kwargs
        else:
            yield str(value).rsplit(".", 1)[-1], {}


def lifecycle(obj):
    """Markers on the object itself and, keyed by parameter, on its parameters."""
    own, params = [], {}
    for name, kwargs in decorator_calls(obj):
        base = name.removesuffix("_param")
        if base not in LIFECYCLE:
            continue
        marker = {"kind": base}
        for key, out in LIFECYCLE_ARGS.items():
            if kwargs.get(key):
                marker[out] = kwargs[key]
        if name.endswith("_param"):
            params.setdefault(kwargs.get("param", ""), []).append(marker)
        else:
            own.append(marker)
    return own, params


def text(expr):
    return None if expr is None else str(expr)


def parameters(params, param_markers, skip_first=False):
    out = []
    for i, p in enumerate(params):
        if skip_first and i == 0:
            continue
        kind = PARAM_KINDS[p.kind.value]
        entry = {"name": p.name, "kind": kind}
        if p.annotation is not None:
            entry["annotation"] = str(p.annotation)
        if p.default is not None:
            default = str(p.default)
            # griffe writes a dataclass `default_factory=lambda: X` as `(lambda: X)()`.
            if default.startswith("(lambda:") and default.endswith(")()"):
                default = default[len("(lambda:") : -len(")()")].strip()
            entry["default"] = default
        entry["required"] = p.default is None and not kind.startswith("var-")
        if p.name in param_markers:
            entry["lifecycle"] = param_markers[p.name]
        out.append(entry)
    return out


def source(obj, site_packages):
    path = str(obj.filepath)
    if path.startswith(site_packages):
        path = path[len(site_packages) :].lstrip("/")
    return {"file": path, "line": obj.lineno}


def is_decorator(fn):
    returns = text(fn.returns) or ""
    first = next(iter(fn.parameters), None)
    # `@asset` and `@asset(...)` both work: the decorated function comes first and is optional.
    takes_optional_fn = (
        first is not None
        and "Callable" in (text(first.annotation) or "")
        and first.default is not None
    )
    return "Callable[[" in returns or takes_optional_fn


def class_signature(cls):
    """The parameters a call of the class takes: its own or inherited `__init__`, else `__new__`."""
    for name in ("__init__", "__new__"):
        member = cls.all_members.get(name)
        if member is not None and not member.is_alias and member.parent.path != "builtins.object":
            return member
    return None


def function_entry(fn, path, kind, site_packages):
    markers, param_markers = lifecycle(fn)
    skip = fn.parent.is_class if fn.parent is not None else False
    entry = {
        "name": path,
        "kind": kind,
        "parameters": parameters(fn.parameters, param_markers, skip_first=skip),
    }
    if fn.returns is not None:
        entry["returns"] = str(fn.returns)
    if markers:
        entry["lifecycle"] = markers
    entry["source"] = source(fn, site_packages)
    return entry


def is_public_member(member):
    names = [name for name, _ in decorator_calls(member)]
    return "public" in names or "public" in source_decorators(member)


def source_decorators(member):
    """Decorator names written above a member in its file. griffe turns a `@property` into an
    attribute and keeps no decorators for it, so `@public` on a property is read here."""
    if member.kind.value != "attribute" or "property" not in member.labels:
        return []
    lines = member.filepath.read_text(encoding="utf-8").splitlines()
    names, index = [], member.lineno - 2
    while index >= 0 and lines[index].strip().startswith("@"):
        names.append(lines[index].strip()[1:].split("(", 1)[0].rsplit(".", 1)[-1])
        index -= 1
    return names


def member_entries(cls, path, site_packages):
    out = []
    for name, member in sorted(cls.members.items()):
        if member.is_alias or not is_public_member(member):
            continue
        if member.kind.value == "attribute":
            out.append(property_entry(member, f"{path}.{name}", site_packages))
            continue
        labels = member.labels
        kind = "property" if "property" in labels or "cached_property" in labels or any(
            n in ("property", "cached_property") for n, _ in decorator_calls(member)
        ) else "method"
        if "staticmethod" in labels or "classmethod" in labels:
            skip = "classmethod" in labels
        else:
            skip = True
        markers, param_markers = lifecycle(member)
        entry = {"name": f"{path}.{name}", "kind": kind}
        if kind == "method":
            entry["parameters"] = parameters(member.parameters, param_markers, skip_first=skip)
        if member.returns is not None:
            entry["returns"] = str(member.returns)
        if markers:
            entry["lifecycle"] = markers
        entry["source"] = source(member, site_packages)
        out.append(entry)
    return out


def property_entry(attr, path, site_packages):
    entry = {"name": path, "kind": "property"}
    if attr.annotation is not None:
        entry["returns"] = str(attr.annotation)
    entry["source"] = source(attr, site_packages)
    return entry


def class_entry(cls, path, site_packages):
    markers, param_markers = lifecycle(cls)
    bases = [str(b) for b in cls.bases]
    kind = "enum" if any(b.rsplit(".", 1)[-1] in ("Enum", "StrEnum", "IntEnum") for b in bases) else "class"
    entry = {"name": path, "kind": kind}
    init = class_signature(cls)
    fields = config_fields(cls) if init is None or takes_only_kwargs(init) else None
    if fields:
        entry["parameters"] = field_parameters(fields, param_markers, field_kind(cls))
    elif init is not None:
        init_markers, init_params = lifecycle(init)
        param_markers = {**init_params, **param_markers}
        entry["parameters"] = parameters(init.parameters, param_markers, skip_first=True)
    if bases:
        entry["bases"] = bases
    if markers:
        entry["lifecycle"] = markers
    entry["source"] = source(cls, site_packages)
    members = member_entries(cls, path, site_packages)
    if members:
        entry["members"] = members
    return entry


# Bases whose subclasses take their fields as keyword arguments (pydantic models): such a class
# is called as `SnowflakeResource(account=..., user=...)`, with no `__init__` of its own.
CONFIG_BASES = {
    "BaseModel",
    "Config",
    "ConfigurableIOManager",
    "ConfigurableIOManagerFactory",
    "ConfigurableLegacyIOManagerAdapter",
    "ConfigurableResource",
    "ConfigurableResourceFactory",
    "Model",
    "PermissiveConfig",
    "Resolvable",
}


def takes_only_kwargs(init):
    """`def __init__(self, **data)`: a pydantic model's generic constructor."""
    kinds = [p.kind.value for p in list(init.parameters)[1:]]
    return kinds == ["variadic keyword"]


def lineage(cls):
    """The class and its ancestors that griffe could load, nearest first."""
    out, pending = [], [cls]
    while pending:
        current = pending.pop(0)
        if any(c.path == current.path for c in out):
            continue
        out.append(current)
        try:
            pending.extend(current.resolved_bases)
        except Exception:  # a base from a package that is not loaded
            pass
    return out


def base_name(expr):
    return str(expr).split("[", 1)[0].rsplit(".", 1)[-1]


def config_fields(cls):
    """Name → attribute of the fields of a pydantic-style class, base fields first, or None when
    the class is not one."""
    chain = lineage(cls)
    model = any(base_name(b) in CONFIG_BASES for c in chain for b in c.bases)
    if not model and record_decorator(chain) is None:
        return None
    fields = {}
    for c in reversed(chain):
        for name, member in c.members.items():
            if member.is_alias or member.kind.value != "attribute" or name.startswith("_"):
                continue
            annotation = text(member.annotation) or ""
            # Fields are annotated in the class body; properties are not fields.
            if not annotation or "ClassVar" in annotation or "property" in member.labels:
                continue
            fields[name] = member
    return fields


def record_decorator(chain):
    """The keyword arguments of dagster's `@record` on the class or an ancestor, or None."""
    for c in chain:
        for name, kwargs in decorator_calls(c):
            if name == "record":
                return kwargs
    return None


def field_kind(cls):
    """`@record` fields are keyword-only unless it says `kw_only=False`; model fields always."""
    kwargs = record_decorator(lineage(cls)) or {}
    return "positional" if kwargs.get("kw_only") == "False" else "keyword-only"


def field_parameters(fields, param_markers, kind):
    out = []
    for name, attr in fields.items():
        # `schema_: str = Field(alias="schema")`: callers write the alias.
        name = field_keyword(attr.value, "alias") or name
        entry = {"name": name, "kind": kind, "annotation": str(attr.annotation)}
        default = field_default(attr.value)
        if default is not None:
            entry["default"] = default
        entry["required"] = default is None
        if name in param_markers:
            entry["lifecycle"] = param_markers[name]
        out.append(entry)
    return out


def field_default(value):
    """The default of a field as written: `= 5`, or `Field(default=5)` / `Field(5)`; a
    `default_factory` shows as its call. None when the field is required."""
    if value is None:
        return None
    if isinstance(value, griffe.ExprCall) and base_name(value.function).endswith("Field"):
        for arg in value.arguments:
            if isinstance(arg, griffe.ExprKeyword) and arg.name == "default":
                return None if str(arg.value) == "..." else str(arg.value)
            if isinstance(arg, griffe.ExprKeyword) and arg.name == "default_factory":
                factory = str(arg.value)
                # `default_factory=lambda: ["build"]` reads best as the value it makes.
                if factory.startswith("lambda:"):
                    return factory.removeprefix("lambda:").strip()
                return f"{factory}()"
        positional = [a for a in value.arguments if not isinstance(a, griffe.ExprKeyword)]
        if positional and str(positional[0]) != "...":
            return str(positional[0])
        return None
    return str(value)


def field_keyword(value, key):
    """A keyword argument of a `Field(...)` call, string quotes removed, or None."""
    if isinstance(value, griffe.ExprCall) and base_name(value.function).endswith("Field"):
        for arg in value.arguments:
            if isinstance(arg, griffe.ExprKeyword) and arg.name == key:
                return literal(arg.value)
    return None


def attribute_entry(attr, path, site_packages):
    entry = {"name": path, "kind": "constant"}
    if attr.annotation is not None:
        entry["annotation"] = str(attr.annotation)
    if attr.value is not None:
        entry["value"] = str(attr.value)
    entry["source"] = source(attr, site_packages)
    return entry


def load(packages):
    """One loader for every documented package and its siblings (dagster_shared, ...), so that
    aliases resolve to where a name is defined and a library class finds the fields it
    inherits from another package (`DuckDBPandasIOManager` from `dagster_duckdb`)."""
    loader = griffe.GriffeLoader(allow_inspection=False)
    for package in packages:
        loader.load(package)
        for sibling in siblings(package):
            if sibling not in loader.modules_collection:
                loader.load(sibling)
    loader.resolve_aliases(implicit=False, external=True)
    return loader


def inventory(loader, package, version, source_url):
    module = loader.modules_collection[package]
    root = module.filepath.parent if module.is_init_module else module.filepath
    site_packages = str(root.parent)
    objects, seen = [], set()
    for mod in documented_modules(module):
        for name, target in exported_objects(mod):
            # A name a subpackage exports again under the package itself is documented once,
            # under its shortest path.
            if target.path in seen:
                continue
            seen.add(target.path)
            objects.append(entry(target, f"{mod.path}.{name}", site_packages))
    return {
        "package": package,
        "version": version,
        "generator": f"griffe {griffe_version()}",
        "sourceUrl": source_url,
        "objects": objects,
    }


# Subpackages that hold migrations, bundled files or sample code, not API.
NOT_API = {"alembic", "include", "examples", "test_fixtures"}


def documented_modules(module):
    """The package, then each public subpackage one level down (`dagster_aws.s3`): libraries
    export much of their API from those rather than from the top level."""
    yield module
    if not module.is_init_module:
        return
    for name, member in sorted(module.members.items()):
        if (
            not member.is_alias
            and member.is_module
            and member.is_init_module
            and not name.startswith("_")
            and not name.endswith("_tests")
            and name not in NOT_API
        ):
            yield member


def exported_objects(mod):
    """(name, resolved object) for each public name a module exports, modules left out."""
    exported = exported_names(mod.filepath)
    for name, member in sorted(mod.members.items()):
        if name not in exported:
            continue
        try:
            target = member.final_target if member.is_alias else member
        except griffe.AliasResolutionError:
            # A third-party module or name kept at hand (`pandera.polars as pa_pl`) is not API
            # of this package; an unresolvable name of the package itself is a real problem.
            if member.target_path.split(".", 1)[0] != mod.path.split(".", 1)[0]:
                continue
            raise SystemExit(f"{mod.path}.{name}: cannot resolve {member.target_path}")
        # `from pkg.launcher import launcher as launcher`: at run time the name is the
        # function, which replaced the submodule of the same name; griffe keeps the module.
        if target.kind.value == "module" and name in target.members:
            inner = target.members[name]
            target = inner.final_target if inner.is_alias else inner
        if target.kind.value != "module":
            yield name, target


def entry(target, path, site_packages):
    kind = target.kind.value
    if kind == "class":
        return class_entry(target, path, site_packages)
    if kind == "function":
        fkind = "decorator" if is_decorator(target) else "function"
        return function_entry(target, path, fkind, site_packages)
    return attribute_entry(target, path, site_packages)


def exported_names(init_path):
    """The names a module exports: its `__all__` (with `__all__.extend([...])`), the
    re-exports it marks by the `from m import X as X` convention, and what it defines itself;
    no private names. Imports inside `if` and `try` blocks count (optional extras)."""
    names = set()
    for node in top_level_statements(ast.parse(init_path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            names.update(a.asname for a in node.names if a.asname and a.asname == a.name)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
            if targets == ["__all__"]:
                names.update(string_items(node.value))
            else:
                names.update(targets)
        elif isinstance(node, ast.AugAssign) and is_name(node.target, "__all__"):
            names.update(string_items(node.value))
        elif isinstance(node, ast.Expr) and is_all_extend(node.value):
            names.update(string_items(node.value.args[0]))
    return {n for n in names if not n.startswith("_")}


def top_level_statements(tree):
    """The module's statements, looking inside `if`/`try` blocks but not functions."""
    pending = list(tree.body)
    while pending:
        node = pending.pop(0)
        if isinstance(node, ast.If):
            pending[:0] = node.body + node.orelse
        elif isinstance(node, ast.Try):
            pending[:0] = node.body + node.orelse + [s for h in node.handlers for s in h.body]
        else:
            yield node


def is_name(node, name):
    return isinstance(node, ast.Name) and node.id == name


def is_all_extend(call):
    return (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr in ("extend", "append")
        and is_name(call.func.value, "__all__")
        and call.args
    )


def string_items(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.List, ast.Tuple)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return []


def siblings(package):
    """Installed packages the given one imports names from (`dagster_shared` for `dagster`)."""
    from importlib.util import find_spec

    candidates = [f"{package}_shared", f"{package}_pipes"]
    return [c for c in candidates if find_spec(c) is not None]


def griffe_version():
    from importlib.metadata import version

    return version("griffe")


def main():
    out_dir, specs = sys.argv[1], [arg.split(" ", 2) for arg in sys.argv[2:]]
    loader = load([package for package, _, _ in specs])
    for package, version, source_url in specs:
        data = inventory(loader, package, version, source_url)
        with open(f"{out_dir}/{package}.json", "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, ensure_ascii=False)
            f.write("\n")


if __name__ == "__main__":
    main()
