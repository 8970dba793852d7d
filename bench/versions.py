#!/usr/bin/env python3
"""Versioned docs: the bundled site with ten versions (the current docs and nine released
versions, each a copy of the docs with 5% of its pages edited, and its own sidebars file)
against the bundled site alone, in one alternating run: build time and peak memory (medians),
output size, and the ratios the issue sets (at most 2x in time and in memory).

Then `docsite serve` on the ten-version site: one-file rebuilds (an edit to one page of one
released version) as serve reports them.

Usage: bench/versions.py [--rounds N] [--versions N] [--no-serve] [--no-build] [--disk]
(--no-build: use the release binary already in $CARGO_TARGET_DIR as it is.)

The builds write into a tmpfs (/dev/shm) when there is one with room, each output removed once
measured; --disk writes them under $BENCH_TMP instead, as a new folder each time. On a disk,
the figures also measure the file system's state: on ext4 without a journal (this project's
test machine), creating a file scans past every inode freed in the last 60 to 300 seconds
(`recently_deleted` in `find_inode_bit`), so for minutes after a large deletion (the last
bench run's clean-up of its 110,000 output files, say) a ten-version build spends most of its
time in that scan: 9-10 s of system time against 1 s.
"""
import json
import os
import random
import shutil
import statistics
import sys
import tempfile

import yaml

from large import edit_rebuilds
from vs_mdbook import run, size

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))


def arg(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


ROUNDS = int(arg("--rounds", "5"))
VERSIONS = int(arg("--versions", "10"))


def pages_of(docs):
    return sorted(
        os.path.join(d, f)
        for d, _, fs in os.walk(docs)
        for f in fs
        if f.endswith((".md", ".mdx")) and not f.startswith("_")
    )


def edit_some(docs, seed):
    """Adds a paragraph to 5% of the pages, as a release changes a few pages."""
    pages = pages_of(docs)
    for path in random.Random(seed).sample(pages, max(1, len(pages) // 20)):
        with open(path, "a") as f:
            f.write(f"\n\nThis paragraph changed in release {seed}.\n")


def make_sites(tmp):
    """The bundled site as it is, and with ten versions."""
    one = os.path.join(tmp, "one")
    shutil.copytree(os.path.join(REPO, "site"), one, symlinks=True,
                    ignore=shutil.ignore_patterns(".venv*", "__pycache__"))
    ten = os.path.join(tmp, "ten")
    shutil.copytree(one, ten, symlinks=True)
    with open(os.path.join(ten, "sidebars.yaml")) as f:
        sidebars = yaml.safe_load(f)
    released = [f"1.{n}" for n in range(VERSIONS - 1, 0, -1)]
    os.makedirs(os.path.join(ten, "versioned_sidebars"))
    for i, name in enumerate(released):
        docs = os.path.join(ten, "versioned_docs", f"version-{name}")
        shutil.copytree(os.path.join(ten, "docs"), docs)
        edit_some(docs, i + 1)
        with open(os.path.join(ten, "versioned_sidebars", f"version-{name}-sidebars.json"), "w") as f:
            json.dump(sidebars, f)
    with open(os.path.join(ten, "versions.json"), "w") as f:
        json.dump(released, f)
    edit_some(os.path.join(ten, "docs"), 0)
    return one, ten


def out_root(tmp):
    """Where the builds write, and whether to remove each output once measured."""
    if "--disk" not in sys.argv and os.path.isdir("/dev/shm"):
        if shutil.disk_usage("/dev/shm").free > 4 << 30:
            return tempfile.mkdtemp(dir="/dev/shm", prefix="docsite-bench-"), True
    return tmp, False


def build(docsite, site, out):
    """Wall time (s), peak RSS (MiB) and CPU time (user and system, s) of one build."""
    # On a disk, a new folder each time, nothing deleted before: ext4 slows creating files
    # where many were just deleted (see above), which would time the bench's own clean-up
    # rather than the build. What earlier builds wrote is flushed first, so that its
    # write-back does not fall inside this build.
    os.sync()
    r = run(["/usr/bin/time", "-f", "%e %M %U %S", docsite, "build", site, "-o", out])
    wall, kib, user, system = r.stderr.strip().splitlines()[-1].split()
    return float(wall), int(kib) / 1024, float(user) + float(system)


def serve(docsite, site):
    # A page of ordinary length (an edit to the CLI reference, the largest page at 173 KB, took
    # 43-52 ms to rebuild, 18 ms of it rendering the page).
    page = os.path.join(site, "versioned_docs", "version-1.1", "guides", "build", "assets", "defining-assets.md")
    up, _, times = edit_rebuilds(docsite, site, page, 38734)
    ms = statistics.median(t for t, *_ in times)
    print(f"  docsite serve (ten versions): resident {up:.0f} MiB once up; one-file rebuild median "
          f"{ms:.0f} ms ({times[0][1]} page rendered), all {[round(t) for t, *_ in times]}")


def main():
    sys.stdout.reconfigure(line_buffering=True)
    if "--no-build" not in sys.argv:
        run(["cargo", "build", "--release", "--quiet", "-p", "docsite"], cwd=REPO)
    docsite = os.path.join(TARGET, "release", "docsite")
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_TMP")) as tmp:
        one, ten = make_sites(tmp)
        print(f"{len(pages_of(os.path.join(one, 'docs')))} page files per version, {VERSIONS} versions")
        outs, in_memory = out_root(tmp)
        print(f"  outputs written to {'a tmpfs' if in_memory else 'the disk'} ({outs})")
        try:
            results = {"one": [], "ten": []}
            for r in range(ROUNDS):
                for name, site in (("one", one), ("ten", ten)):
                    out = os.path.join(outs, f"out-{name}-{r}")
                    results[name].append(build(docsite, site, out))
                    if in_memory and r > 0:
                        shutil.rmtree(out)
            summary = {}
            for name in results:
                wall, peak, cpu = (statistics.median(r[i] for r in results[name]) for i in range(3))
                mib, files = size(os.path.join(outs, f"out-{name}-0"))
                summary[name] = (wall, peak, cpu)
                print(f"  {name} version{'s' if name == 'ten' else ''}: {wall:.2f} s ({cpu:.2f} s of CPU), "
                      f"peak {peak:.0f} MiB, output {mib:.0f} MiB in {files} files")
            (w1, p1, c1), (w10, p10, c10) = summary["one"], summary["ten"]
            # CPU time varies less from run to run than wall time on a shared machine, and tells
            # a build that did more work from one that waited on the disk.
            print(f"  ten / one: time {w10 / w1:.2f}x, peak memory {p10 / p1:.2f}x (target: at most 2x each); "
                  f"CPU time {c10 / c1:.2f}x")
        finally:
            if in_memory:
                shutil.rmtree(outs)
        if "--no-serve" not in sys.argv:
            serve(docsite, ten)


if __name__ == "__main__":
    main()
