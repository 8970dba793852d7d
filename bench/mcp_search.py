#!/usr/bin/env python3
"""The MCP server's search: load time, memory, first-query and warm query latency on the
bundled site and on a generated 10,001-page site (bench/gen_site.py).

Usage: bench/mcp_search.py DOCSITE_BINARY [WORK_DIR]

Builds both sites with DOCSITE_BINARY into WORK_DIR (default /tmp/mcp-bench), then runs
crates/mcp/examples/search_bench.rs on each export (the crate optimised, as the dev profile
already does for dependencies) and prints one JSON line per site.
"""
import json
import os
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
docsite = os.path.abspath(sys.argv[1])
work = sys.argv[2] if len(sys.argv) > 2 else "/tmp/mcp-bench"
os.makedirs(work, exist_ok=True)


def build(site, out):
    if not os.path.exists(os.path.join(out, "_site/catalogue.json")):
        subprocess.run([docsite, "build", site, "-o", out], check=True, stderr=subprocess.DEVNULL)


def bench(out):
    env = dict(os.environ, CARGO_PROFILE_DEV_PACKAGE_DOCSITE_MCP_OPT_LEVEL="2")
    r = subprocess.run(
        ["cargo", "run", "-q", "-p", "docsite-mcp", "--example", "search_bench", "--", out, "20"],
        cwd=root, env=env, check=True, capture_output=True, text=True,
    )
    return json.loads(r.stdout.strip().splitlines()[-1])


bundled = os.path.join(work, "bundled")
build(os.path.join(root, "site"), bundled)
generated_site = os.path.join(work, "gen-site")
generated = os.path.join(work, "gen-out")
if not os.path.exists(os.path.join(generated, "_site/catalogue.json")):
    subprocess.run([sys.executable, os.path.join(root, "bench/gen_site.py"), generated_site, "10000"], check=True)
    build(generated_site, generated)
for name, out in [("bundled", bundled), ("generated 10,001 pages", generated)]:
    print(json.dumps({"site": name, **bench(out)}))
