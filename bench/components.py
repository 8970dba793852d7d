#!/usr/bin/env python3
"""Site components in React, what they cost: a 1,001-page generated site built with and
without two site components on every page (bench/gen_site.py --components), in alternating
runs with the release binary (median time and peak memory, and their ratio); then
`docsite serve` on the site with components while a page and then a component file are
edited (one-file rebuild times and how many component uses each rendered).

Usage: bench/components.py [--runs N] [--no-build]
"""
import os
import statistics
import sys
import tempfile

from large import edit_rebuilds
from vs_mdbook import once, run

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))
PAGES = 1001
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3


def main():
    if "--no-build" not in sys.argv:
        run(["cargo", "build", "--release", "--quiet", "-p", "docsite"], cwd=REPO)
    docsite = os.path.join(TARGET, "release", "docsite")
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_TMP")) as tmp:
        sites = {}
        for name, extra in (("without components", []), ("with components", ["--components"])):
            sites[name] = os.path.join(tmp, name.replace(" ", "-"))
            run([sys.executable, os.path.join(REPO, "bench", "gen_site.py"), sites[name], str(PAGES), *extra])
        results = {name: [] for name in sites}
        for _ in range(RUNS):
            for name, site in sites.items():
                results[name].append(once([docsite, "build", site, "-o", os.path.join(tmp, "out")]))
        medians = {}
        print(f"{PAGES} pages, {RUNS} alternating runs, release binary")
        for name, runs in results.items():
            t = statistics.median(r[0] for r in runs)
            m = statistics.median(r[1] for r in runs)
            medians[name] = (t, m)
            print(f"  {name}: {t:.2f} s, peak {m:.0f} MiB")
        (t0, m0), (t1, m1) = medians["without components"], medians["with components"]
        print(f"  ratio: {t1 / t0:.2f}x time, {m1 / m0:.2f}x memory (target: at most 3x time)")

        site = sites["with components"]
        page = os.path.join(site, "docs", "s2", "t5", "page-255.md")
        up, _, times = edit_rebuilds(docsite, site, page, 38741, edits=3)
        print(f"  docsite serve ({up:.0f} MiB once up), a page edited: "
              + ", ".join(f"{ms:.0f} ms ({uses} uses rendered)" for ms, _, uses in times))
        component = os.path.join(site, "src", "components", "Note.jsx")
        _, _, times = edit_rebuilds(docsite, site, component, 38742, lambda t, i: t + f"\n// edit {i}\n", 3)
        print("  docsite serve, a component edited: "
              + ", ".join(f"{ms:.0f} ms ({uses} uses rendered)" for ms, _, uses in times))

if __name__ == "__main__":
    main()
