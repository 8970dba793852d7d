#!/usr/bin/env bash
# Runs the fuzz targets (front matter and routes, sidebars files, MDX rendering on the site's
# own pages mutated, request paths) for a bounded time: FUZZ_SECONDS per target (default 20,
# about a minute in all, as the three test binaries run one after another). A failing input is
# shrunk and written next to its target as `<file>.crash`; keep it as a regression test.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export FUZZ_SECONDS="${FUZZ_SECONDS:-20}"
cargo test --quiet -p docsite-engine -p docsite-markdown -p docsite-server --test fuzz
