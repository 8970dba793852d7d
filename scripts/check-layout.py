#!/usr/bin/env python3
"""Checks two layout rules of the code base (docs/ARCHITECTURE.md):

- no Rust or TypeScript source file over 400 lines (tests and generated files aside);
- no import circle between the modules of a Rust crate (a module that reaches itself
  through `crate::` or `super::` imports).

Prints what breaks a rule and exits 1; prints nothing and exits 0 otherwise.
"""
import os
import re
import sys

MAX_LINES = 400
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sources():
    for top in ("crates", "web/src"):
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if d not in ("tests", "node_modules", "target", "fixtures")]
            for name in files:
                if name.endswith((".rs", ".ts", ".tsx")) and ".test." not in name and "generated" not in name:
                    if name == "tests.rs":
                        continue
                    yield os.path.join(folder, name)


def too_long():
    for path in sources():
        with open(path, encoding="utf-8") as f:
            code = f.read().split("#[cfg(test)]")[0]
        lines = code.count("\n")
        if lines > MAX_LINES:
            yield f"{os.path.relpath(path, ROOT)}: {lines} lines (at most {MAX_LINES}, tests aside)"


def module_of(src, path):
    rel = os.path.relpath(path, src)[:-3].replace(os.sep, "/")
    rel = re.sub(r"/mod$", "", rel)
    return None if rel in ("lib", "main") else rel.split("/")[0]


def import_graph(src):
    graph = {}
    for folder, _, files in os.walk(src):
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(folder, name)
            module = module_of(src, path)
            if module is None:
                continue
            with open(path, encoding="utf-8") as f:
                code = f.read().split("#[cfg(test)]")[0]
            used = set(re.findall(r"crate::(\w+)", code))
            for group in re.findall(r"use crate::\{([^}]*)\}", code):
                used.update(part.strip().split("::")[0] for part in group.split(",") if part.strip())
            graph.setdefault(module, set()).update(used - {module})
    modules = set(graph)
    return {m: {d for d in deps if d in modules} for m, deps in graph.items()}


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
        if os.path.isdir(src):
            problems += [f"crates/{crate}: import circle {c}" for c in circles(import_graph(src))]
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
