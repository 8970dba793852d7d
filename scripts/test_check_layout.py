#!/usr/bin/env python3
"""Tests of check-layout.py's circle finder on small made-up crates."""
import importlib.util
import os
import sys
import tempfile

spec = importlib.util.spec_from_file_location(
    "check_layout", os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-layout.py")
)
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)


def circles_in(files):
    with tempfile.TemporaryDirectory() as src:
        for name, code in files.items():
            path = os.path.join(src, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(code)
        graphs = check.folder_graphs(check.import_edges(src))
        return {"/".join(folder): check.circles(g) for folder, g in graphs.items() if check.circles(g)}


def main():
    # Two stages that import each other.
    found = circles_in({
        "lib.rs": "mod load; mod render;",
        "load/mod.rs": "mod paths;\nuse crate::render::Page;",
        "load/paths.rs": "",
        "render/mod.rs": "use crate::load::paths::x;",
    })
    assert list(found) == [""], found
    # Two files of one folder, one through `super::`, the other through `crate::`.
    found = circles_in({
        "lib.rs": "mod load;",
        "load/mod.rs": "mod a; mod b;",
        "load/a.rs": "use super::b::f;",
        "load/b.rs": "use crate::load::{a::g, self};",
    })
    assert list(found) == ["load"], found
    # A file using its folder's module, a doc comment naming a sibling: no circle.
    found = circles_in({
        "lib.rs": "mod load;",
        "load/mod.rs": "mod a;\nuse a::f;",
        "load/a.rs": "use super::Site;\n//! see [`super::a`]",
    })
    assert found == {}, found
    print("check-layout: circle finder ok")


if __name__ == "__main__":
    sys.exit(main())
