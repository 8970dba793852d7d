#!/usr/bin/env bash
# Sets up, builds the frontend and the engine, and serves the bundled Dagster docs at
# http://localhost:3000 (pass other `docsite serve` options after it, such as --port 4000).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$repo/scripts/setup.sh"
cd "$repo"
cargo build --release --quiet -p docsite
target="${CARGO_TARGET_DIR:-$repo/target}"
exec "$target/release/docsite" serve site --port 3000 "$@"
