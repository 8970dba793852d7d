#!/usr/bin/env python3
"""Checks the layout rules of the code base (docs/ARCHITECTURE.md):

- no Rust or TypeScript source file over 450 lines, and none over 400 lines of code before
  its inline tests (files of tests and generated files aside);
- no import circle in a Rust crate, at any level of its folders: between the top-level
  modules (the stages of the engine), and between the modules inside each folder. An
  import of `crate::a::b::c` or `super::c` is an edge from the importing module to the
  deepest module it names; each folder sees the edges between its own children.

Prints what breaks a rule and exits 1; prints nothing and exits 0 otherwise.
"""
import os
import re
import sys

MAX_LINES = 450
MAX_CODE_LINES = 400
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def is_test_file(name):
    return name == "tests.rs" or ".test." in name or "generated" in name


def sources():
    for top in ("crates", "web/src"):
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if d not in ("tests", "node_modules", "target", "fixtures")]
            for name in files:
                if name.endswith((".rs", ".ts", ".tsx")) and not is_test_file(name):
                    yield os.path.join(folder, name)


def too_long():
    for path in sources():
        with open(path, encoding="utf-8") as f:
            text = f.read()
        rel = os.path.relpath(path, ROOT)
        lines = text.count("\n")
        code = text.split("#[cfg(test)]")[0].count("\n")
        if lines > MAX_LINES:
            yield f"{rel}: {lines} lines (at most {MAX_LINES})"
        elif code > MAX_CODE_LINES:
            yield f"{rel}: {code} lines before its tests (at most {MAX_CODE_LINES})"


def module_path(src, path):
    """`load/docs_folder.rs` → ("load", "docs_folder"); `load/mod.rs` → ("load",)."""
    rel = os.path.relpath(path, src)[:-3].replace(os.sep, "/")
    rel = re.sub(r"(^|/)mod$", "", rel)
    if rel in ("lib", "main", ""):
        return ()
    return tuple(rel.split("/"))


def modules_of(src):
    found = {}
    for folder, _, files in os.walk(src):
        for name in files:
            if name.endswith(".rs") and name != "tests.rs":
                path = os.path.join(folder, name)
                found[module_path(src, path)] = path
    return found




def imported_paths(code, here):
    """The module paths a file names through `crate::` and `super::`, groups expanded."""
    # `use crate::{a, b::c}`, `use crate::load::{x, y}`, `use super::{x, y}`: one path each.
    for root, group in re.findall(r"\b((?:crate|super)(?:::\w+)*)::\{([^}]*)\}", code):
        for part in group.split(","):
            part = part.strip()
            if part and part != "self":
                yield resolve(root.split("::") + part.split("::"), here)
    for match in re.finditer(r"\b((?:crate|super)(?:::\w+)+)", code):
        yield resolve(match.group(1).split("::"), here)


def resolve(parts, here):
    if parts[0] == "crate":
        return tuple(parts[1:])
    base = list(here)
    # A file's `super` is its parent module (a `mod.rs` is the folder's module itself).
    while parts and parts[0] == "super":
        base = base[:-1]
        parts = parts[1:]
    return tuple(base + parts)


def deepest_module(path, modules):
    for n in range(len(path), 0, -1):
        if path[:n] in modules:
            return path[:n]
    return None


def import_edges(src):
    modules = modules_of(src)
    edges = set()
    for here, path in modules.items():
        if not here:
            continue
        with open(path, encoding="utf-8") as f:
            code = f.read().split("#[cfg(test)]")[0]
        # Comments name modules without importing them (`[`super::scan`]` in a doc).
        code = re.sub(r"//.*", "", code)
        for named in imported_paths(code, here):
            target = deepest_module(named, modules)
            if target and target != here:
                edges.add((here, target))
    return edges


def folder_graphs(edges):
    """Per folder (a module path), the edges between its children."""
    graphs = {}
    for a, b in edges:
        common = 0
        while common < min(len(a), len(b)) and a[common] == b[common]:
            common += 1
        if common == len(a) or common == len(b):
            continue  # a module and one inside it: not two siblings
        folder = a[:common]
        graphs.setdefault(folder, {}).setdefault(a[common], set()).add(b[common])
    return graphs


def circles(graph):
    found = set()

    def walk(node, path):
        for dep in graph.get(node, ()):
            if dep == path[0]:
                found.add(" -> ".join(path + [dep]))
            elif dep not in path:
                walk(dep, path + [dep])

    for start in graph:
        walk(start, [start])
    # One report per set of modules, the shortest way round first.
    unique = {}
    for c in sorted(found, key=len):
        unique.setdefault(frozenset(c.split(" -> ")), c)
    return sorted(unique.values(), key=len)[:10]


def main():
    problems = list(too_long())
    crates = os.path.join(ROOT, "crates")
    for crate in sorted(os.listdir(crates)):
        src = os.path.join(crates, crate, "src")
        if not os.path.isdir(src):
            continue
        for folder, graph in sorted(folder_graphs(import_edges(src)).items()):
            where = "/".join(("crates", crate, "src") + folder)
            problems += [f"{where}: import circle {c}" for c in circles(graph)]
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
