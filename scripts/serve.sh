#!/usr/bin/env bash
# Sets up, builds the frontend and the engine, and serves the bundled Dagster docs at
# http://localhost:3000 (pass other `docsite serve` options after it, such as --port 4000).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
step() { printf '\n== %s\n' "$*" >&2; }

step "installing the reading app's npm packages (when they changed) and building it"
"$repo/scripts/setup.sh"
cd "$repo"
step "building the engine (release; the first build on a new machine takes several minutes)"
cargo build --release -p docsite
target="${CARGO_TARGET_DIR:-$repo/target}"
step "serving the bundled site at http://localhost:3000 (Ctrl-C stops it)"
exec "$target/release/docsite" serve site --port 3000 "$@"
