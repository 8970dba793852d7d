#!/usr/bin/env python3
"""Benchmarks the engine: full build time and peak memory on the bundled site and on a generated
1,000-page site, and the one-file rebuild time. Each figure is also given as a ratio to a
baseline measured in the same run: reading every page file once (`cat`), the I/O floor.

Usage: bench/run.py [--rounds N]   (builds the release binary first)
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))
ROUNDS = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 5


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def timed(cmd):
    """Median wall time (s) and peak RSS (MiB) over ROUNDS runs, via GNU time."""
    times, peaks = [], []
    for _ in range(ROUNDS):
        r = run(["/usr/bin/time", "-f", "%e %M"] + cmd)
        wall, kib = r.stderr.strip().splitlines()[-1].split()
        times.append(float(wall))
        peaks.append(int(kib) / 1024)
    return statistics.median(times), max(peaks)


def read_baseline(site):
    files = [os.path.join(d, f) for d, _, fs in os.walk(os.path.join(site, "docs")) for f in fs]
    best = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        subprocess.run(["cat"] + files, check=True, stdout=subprocess.DEVNULL)
        best.append(time.perf_counter() - start)
    return statistics.median(best), len(files)


def measure(name, site, page, out):
    docsite = os.path.join(TARGET, "release", "docsite")
    base, files = read_baseline(site)
    build_s, peak = timed([docsite, "build", site, "-o", out])
    rebuild = run([os.path.join(TARGET, "release", "examples", "rebuild"), site, page, "30"]).stdout.strip()
    fields = dict(kv.split("=") for kv in rebuild.split())
    rebuild_ms = float(fields["rebuild_median_ms"])
    refresh_ms = float(fields["search_refresh_median_ms"])
    llms_ms = float(fields["llms_refresh_median_ms"])
    print(f"{name}: {files} page files")
    print(f"  baseline (cat every page file): {base * 1000:.1f} ms")
    print(f"  full build (docsite build, wall): {build_s * 1000:.0f} ms  = {build_s / base:.1f}x baseline;  peak RSS {peak:.1f} MiB")
    print(f"  one-file rebuild (median of 30): {rebuild_ms:.2f} ms  = {rebuild_ms / 1000 / base:.2f}x baseline")
    print(f"  llms.txt and llms-full.txt refresh after it (serve mode, pages already out): {llms_ms:.2f} ms")
    print(f"  search index refresh after it (serve mode, pages already out): {refresh_ms:.0f} ms")
    return build_s, peak, rebuild_ms


def main():
    run(["cargo", "build", "--release", "--quiet", "-p", "docsite"], cwd=REPO)
    run(["cargo", "build", "--release", "--quiet", "-p", "docsite-engine", "--example", "rebuild"], cwd=REPO)
    with tempfile.TemporaryDirectory() as tmp:
        gen = os.path.join(tmp, "gen")
        run([sys.executable, os.path.join(REPO, "bench", "gen_site.py"), gen, "1000"])
        b, p, r = measure("generated 1,000-page site", gen, os.path.join(gen, "docs", "s5", "t5", "page-555.md"), os.path.join(tmp, "out-gen"))
        site_copy = os.path.join(tmp, "site")
        # The examples' Python environments are gigabytes and no part of the site.
        shutil.copytree(os.path.join(REPO, "site"), site_copy,
                        ignore=shutil.ignore_patterns(".venv", ".isolated", "__pycache__", ".pytest_cache"))
        page = os.path.join(site_copy, "docs", "guides", "build", "assets", "defining-assets.md")
        _, _, bundled_r = measure("bundled site", site_copy, page, os.path.join(tmp, "out-site"))
    targets = [("1,000-page build <= 0.5 s", b <= 0.5), ("1,000-page peak <= 150 MiB", p <= 150),
               ("1,000-page one-file rebuild <= 20 ms", r <= 20), ("bundled one-file rebuild <= 20 ms", bundled_r <= 20)]
    for label, ok in targets:
        print(f"  target {label}: {'met' if ok else 'MISSED'}")


if __name__ == "__main__":
    main()
