#!/usr/bin/env python3
"""Compares the search stage of two docsite binaries on the same site, alternating them so both
see the same machine load: the median of the `search` stage time each build reports.

Usage: bench/search_stage.py BEFORE_BINARY AFTER_BINARY [SITE] [--rounds N]
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def search_ms(binary, site, out):
    r = subprocess.run([binary, "build", site, "-o", out], check=True, capture_output=True, text=True)
    # `docsite build` indexes beside the write stage and reports it as "search (beside write)";
    # older binaries report a "search" stage of their own.
    text = r.stdout + r.stderr
    m = re.search(r"search \(beside write\) ([0-9.]+) ms", text) or re.search(r"search ([0-9.]+) ms", text)
    if not m:
        sys.exit(f"no search timing in the output of {binary}")
    return float(m.group(1))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 7
    args = [a for a in args if a != str(rounds)]
    before, after = args[0], args[1]
    site = args[2] if len(args) > 2 else os.path.join(REPO, "site")
    times = {before: [], after: []}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(rounds):
            for binary in (before, after):
                times[binary].append(search_ms(binary, site, os.path.join(tmp, "out")))
    b, a = statistics.median(times[before]), statistics.median(times[after])
    load = os.getloadavg()
    print(f"search stage, median of {rounds} alternating builds of {site}:")
    print(f"  before ({before}): {b:.0f} ms")
    print(f"  after  ({after}): {a:.0f} ms   = {b / a:.2f}x faster")
    print(f"  load average (1, 5, 15 min): {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
