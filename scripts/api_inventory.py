"""Writes the API inventory of one Python package: facts only, read statically with griffe.

    python api_inventory.py PACKAGE VERSION SOURCE_URL OUT.json

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
            entry["default"] = str(p.default)
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
    return "public" in names


def member_entries(cls, path, site_packages):
    out = []
    for name, member in sorted(cls.members.items()):
        if member.is_alias or member.kind.value != "function" or not is_public_member(member):
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


def class_entry(cls, path, site_packages):
    markers, param_markers = lifecycle(cls)
    bases = [str(b) for b in cls.bases]
    kind = "enum" if any(b.rsplit(".", 1)[-1] in ("Enum", "StrEnum", "IntEnum") for b in bases) else "class"
    entry = {"name": path, "kind": kind}
    init = class_signature(cls)
    if init is not None:
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


def attribute_entry(attr, path, site_packages):
    entry = {"name": path, "kind": "constant"}
    if attr.annotation is not None:
        entry["annotation"] = str(attr.annotation)
    if attr.value is not None:
        entry["value"] = str(attr.value)
    entry["source"] = source(attr, site_packages)
    return entry


def inventory(package, version, source_url):
    # The package re-exports names from its sibling packages (dagster_shared, ...): load those
    # too, so every alias resolves to where the name is defined.
    loader = griffe.GriffeLoader(allow_inspection=False)
    module = loader.load(package)
    for sibling in siblings(package):
        loader.load(sibling)
    loader.resolve_aliases(implicit=False, external=True)
    site_packages = str(module.filepath.parent.parent)
    objects = []
    exported = exported_names(module.filepath)
    for name, member in sorted(module.members.items()):
        if name not in exported:
            continue
        try:
            target = member.final_target if member.is_alias else member
        except griffe.AliasResolutionError:
            raise SystemExit(f"{package}.{name}: cannot resolve {member.target_path}")
        path = f"{package}.{name}"
        kind = target.kind.value
        if kind == "module":
            continue
        if kind == "class":
            objects.append(class_entry(target, path, site_packages))
        elif kind == "function":
            fkind = "decorator" if is_decorator(target) else "function"
            objects.append(function_entry(target, path, fkind, site_packages))
        else:
            objects.append(attribute_entry(target, path, site_packages))
    return {
        "package": package,
        "version": version,
        "generator": f"griffe {griffe_version()}",
        "sourceUrl": source_url,
        "objects": objects,
    }


def exported_names(init_path):
    """The names the package's `__init__` exports: by its own convention, `from m import X as X`
    (the redundant alias marks a re-export), plus what it defines itself; no private names."""
    tree = ast.parse(init_path.read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            names.update(a.asname for a in node.names if a.asname and a.asname == a.name)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return {n for n in names if not n.startswith("_")}


def siblings(package):
    """Installed packages the given one imports names from (`dagster_shared` for `dagster`)."""
    from importlib.util import find_spec

    candidates = [f"{package}_shared", f"{package}_pipes"]
    return [c for c in candidates if find_spec(c) is not None]


def griffe_version():
    from importlib.metadata import version

    return version("griffe")


def main():
    package, version, source_url, out = sys.argv[1:5]
    data = inventory(package, version, source_url)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
