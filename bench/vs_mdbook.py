#!/usr/bin/env python3
"""Our build against mdBook 0.4.52 on the same generated pages, side by side in one run, in both
shapes of bench/gen_site.py (categories linked to index pages, and unlinked categories with
generated indexes): median wall time over alternating rounds, the ratio, peak memory (RSS) and
output bytes and files. Also the largest page HTML and page JSON of our output.

Each tool builds into the output folder of its last round, as a writer rebuilding does (our
build updates that folder in place). A third build per round goes into a new folder (`cold`),
as the first build of a clone does. The cold folders are removed only at the end: on ext4
without a journal, creating files and folders right after removing thousands of others costs
several times more (freed inodes are skipped for 30 seconds), which would measure the removal,
not the build.

Usage: bench/vs_mdbook.py [--rounds N] [--pages N]
mdBook is installed once with `cargo install --locked mdbook@0.4.52` into its own target and
root folders (MDBOOK_ROOT, default $CARGO_TARGET_DIR-mdbook), so it does not touch ours.
"""
import os
import statistics
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))
MDBOOK_ROOT = os.environ.get("MDBOOK_ROOT", TARGET.rstrip("/") + "-mdbook")
ROUNDS = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 5
PAGES = sys.argv[sys.argv.index("--pages") + 1] if "--pages" in sys.argv else "1000"


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def mdbook():
    exe = os.path.join(MDBOOK_ROOT, "root", "bin", "mdbook")
    if not os.path.exists(exe):
        env = dict(os.environ, CARGO_TARGET_DIR=MDBOOK_ROOT)
        run(["cargo", "install", "--locked", "mdbook@0.4.52", "--root", os.path.join(MDBOOK_ROOT, "root")], env=env)
    return exe


def once(cmd, cwd=None):
    """Wall time (s) and peak RSS (MiB) of one run, via GNU time."""
    # What earlier runs wrote is flushed first: the kernel writing it back during this run
    # would take CPU from this run (on two cores), more the more the runs before it wrote.
    os.sync()
    r = run(["/usr/bin/time", "-f", "%e %M"] + cmd, cwd=cwd)
    wall, kib = r.stderr.strip().splitlines()[-1].split()
    return float(wall), int(kib) / 1024


def size(folder):
    total, files = 0, 0
    for d, _, fs in os.walk(folder):
        for f in fs:
            total += os.path.getsize(os.path.join(d, f))
            files += 1
    return total / 2**20, files


def largest(folder, suffix):
    best = (0, "")
    for d, _, fs in os.walk(folder):
        for f in fs:
            if f.endswith(suffix):
                path = os.path.join(d, f)
                best = max(best, (os.path.getsize(path), os.path.relpath(path, folder)))
    return best


def compare(shape, tmp, docsite, book_exe):
    site, book = os.path.join(tmp, f"site-{shape}"), os.path.join(tmp, f"book-{shape}")
    flags = ["--unlinked"] if shape == "unlinked" else []
    run([sys.executable, os.path.join(REPO, "bench", "gen_site.py"), site, PAGES, "--mdbook", book] + flags)
    ours_out, theirs_out = os.path.join(tmp, f"out-{shape}"), os.path.join(book, "book")
    ours, theirs, cold = [], [], []
    for i in range(ROUNDS):  # alternating, so both see the same machine
        ours.append(once([docsite, "build", site, "-o", ours_out]))
        theirs.append(once([book_exe, "build", book]))
        cold.append(once([docsite, "build", site, "-o", os.path.join(tmp, f"cold-{shape}-{i}")]))
    o, t = statistics.median(x[0] for x in ours), statistics.median(x[0] for x in theirs)
    c = statistics.median(x[0] for x in cold)
    op, tp = max(x[1] for x in ours), max(x[1] for x in theirs)
    (ob, of), (tb, tf) = size(ours_out), size(theirs_out)
    html, js = largest(ours_out, ".html"), largest(os.path.join(ours_out, "_site", "pages"), ".json")
    print(f"{PAGES} pages, {shape} categories ({ROUNDS} alternating rounds, medians):")
    print(f"  docsite: {o * 1000:.0f} ms, peak {op:.0f} MiB, output {ob:.1f} MiB in {of} files")
    print(f"  mdBook 0.4.52: {t * 1000:.0f} ms, peak {tp:.0f} MiB, output {tb:.1f} MiB in {tf} files")
    print(f"  docsite is {t / o:.1f}x faster, uses {op / tp:.2f}x the memory, writes {ob / tb:.2f}x the bytes")
    print(f"  docsite into a new folder (cold): {c * 1000:.0f} ms, {t / c:.1f}x faster than mdBook")
    print(f"  largest page HTML {html[0] / 1000:.1f} KB ({html[1]}), page JSON {js[0] / 1000:.1f} KB ({js[1]})")
    return t / o, op, ob


def main():
    run(["cargo", "build", "--release", "--quiet", "-p", "docsite"], cwd=REPO)
    docsite = os.path.join(TARGET, "release", "docsite")
    book_exe = mdbook()
    print(run([book_exe, "--version"]).stdout.strip())
    with tempfile.TemporaryDirectory() as tmp:
        compare("linked", tmp, docsite, book_exe)
        ratio, peak, out = compare("unlinked", tmp, docsite, book_exe)
    targets = [("unlinked: >= 8x faster than mdBook", ratio >= 8), ("unlinked: peak <= 150 MiB", peak <= 150), ("unlinked: output <= 40 MiB", out <= 40)]
    for label, ok in targets:
        print(f"  target {label}: {'met' if ok else 'MISSED'}")


if __name__ == "__main__":
    main()
