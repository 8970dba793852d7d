#!/usr/bin/env bash
# Runs every test: engine (cargo), reading app (vitest, size budget), the bundled site's
# checks, browser tests (Playwright driving Debian's chromium) on the fixture and the
# bundled site, the API inventory's drift check, and the Python examples against the pinned dagster.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
target="${CARGO_TARGET_DIR:-$repo/target}"

step() { printf '\n== %s\n' "$*"; }

step "setup (npm packages, frontend build, chromium)"
scripts/setup.sh --browser

step "code layout (file sizes, no import circles)"
python3 scripts/test_check_layout.py && python3 scripts/check-layout.py

step "engine tests"
cargo test --workspace --quiet

step "fuzz targets (10,000 fixed inputs each, about 15 s)"
scripts/fuzz.sh

step "reading app tests"
(cd web && npm test --silent && npm run --silent size)

step "the bundled site builds without errors"
cargo build --quiet -p docsite
"$target/debug/docsite" build site -o "$target/site-out"
# deploy/nginx-redirects.conf is the nginx form of site.yaml's redirects, as the export writes it.
cmp -s deploy/nginx-redirects.conf "$target/site-out/nginx-redirects.conf" || {
  echo "deploy/nginx-redirects.conf differs from the export's: copy $target/site-out/nginx-redirects.conf over it" >&2
  exit 1
}

step "the app completes every page file of the bundled site as the engine inlines it"
(cd web && DOCSITE_SITE_OUT="$target/site-out" npx vitest run src/support/navigation.site.test.ts)

step "browser tests"
scripts/e2e.sh "$target/debug/docsite"

step "API inventory matches the pinned packages (drift check)"
scripts/api-inventory.sh --check

step "Python examples"
scripts/test-examples.sh
