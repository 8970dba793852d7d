#!/usr/bin/env bash
# Browser tests: serves the fixture site and the bundled site with the given docsite binary,
# and the bundled site's static build with a plain file server, and runs web/e2e against them.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
docsite="${1:?usage: scripts/e2e.sh path/to/docsite}"
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Waits for a server started on a port to answer (at most $3 tenths of a second, 10 s by
# default), then sets $url.
wait_for() {
  for _ in $(seq 1 "${3:-100}"); do
    # Any HTTP answer will do: a site may have no page at `/` (the large generated one).
    if python3 -c "import urllib.request, urllib.error
try: urllib.request.urlopen('http://127.0.0.1:$1/')
except urllib.error.HTTPError: pass" 2>/dev/null; then
      url="http://127.0.0.1:$1"; return 0
    fi
    sleep 0.1
  done
  echo "e2e: the server for $2 did not start" >&2; return 1
}

# Starts the engine's server for a site folder and sets $url once it answers (within $2 tenths
# of a second, if given). Not run in a subshell, so the trap above can stop every server it
# started.
serve() {
  local port; port="$(free_port)"
  "$docsite" serve "$1" --port "$port" --no-watch --web-dist "$repo/web/dist" >/dev/null 2>&1 &
  pids+=($!)
  wait_for "$port" "$1" "${2:-100}"
}

# The bundled site as `docsite build` writes it, behind a plain static file server: search and
# reading must work without the engine.
serve_static() {
  local out port; out="$(mktemp -d)"; port="$(free_port)"
  "$docsite" build "$1" -o "$out/site" --web-dist "$repo/web/dist" >/dev/null
  python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out/site" >/dev/null 2>&1 &
  pids+=($!)
  wait_for "$port" "$1 (static)"
}

serve "$repo/crates/engine/tests/fixtures/basic"; fixture_url="$url"
serve "$repo/crates/engine/tests/fixtures/components"; components_url="$url"
serve "$repo/crates/engine/tests/fixtures/versioned"; versioned_url="$url"
serve "$repo/site"; site_url="$url"
serve_static "$repo/site"; static_url="$url"
# A site with a sidebar too large to inline in its pages (large.test.mjs).
large="$(mktemp -d)"
python3 "$repo/bench/gen_site.py" "$large/site" 1000 --unlinked --folders 150 >/dev/null
serve "$large/site" 1200; large_url="$url"
cd "$repo/web"
DOCSITE_URL="$fixture_url" DOCSITE_COMPONENTS_URL="$components_url" DOCSITE_FIXTURE=fixture DOCSITE_SITE_URL="$site_url" DOCSITE_STATIC_URL="$static_url" DOCSITE_LARGE_URL="$large_url" DOCSITE_VERSIONED_URL="$versioned_url" \
  npm run --silent e2e
