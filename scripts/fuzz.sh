#!/usr/bin/env bash
# Runs the fuzz targets (front matter and routes, sidebars files, MDX rendering on the site's
# own pages mutated, request paths). A failing input is shrunk and written next to its target
# as `<file>.crash`; keep it as a regression test.
#
# By default each target checks the same FUZZ_CASES inputs (default 10,000) from a fixed seed,
# so the run is reproducible and cannot fail at random in CI. To look for new failures, draw
# fresh inputs for a while: FUZZ_RANDOM=1 FUZZ_SECONDS=120 scripts/fuzz.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export FUZZ_CASES="${FUZZ_CASES:-10000}"
cargo test --quiet -p docsite-engine -p docsite-markdown -p docsite-server --test fuzz
# The fast path of parsing against markdown-rs (each input a batch of bodies).
cargo test --quiet -p docsite-markdown --lib fast_path::tests::generated
