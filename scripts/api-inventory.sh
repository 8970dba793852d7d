#!/usr/bin/env bash
# Regenerates the API inventories (site/api/<package>.json) from the packages pinned in
# site/examples/requirements.txt, with griffe pinned in scripts/api-inventory-requirements.txt.
#
#   scripts/api-inventory.sh           rewrite the committed files
#   scripts/api-inventory.sh --check   regenerate into a temporary folder and fail if any
#                                      committed file differs (the drift check of the tests)
#
# Keeps its own virtualenv (API_VENV, default site/examples/.venv-api), created when missing
# and re-synced when the pins change; the examples' venv is never touched.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
requirements="site/examples/requirements.txt"
venv="${API_VENV:-$repo/site/examples/.venv-api}"
python="${PYTHON:-python3}"
out="site/api"
# Documented packages: name, then its folder in the dagster repository (for source links).
packages=(
  "dagster python_modules/dagster"
)

check=false
[[ "${1:-}" == "--check" ]] && check=true

pin() {
  local name="$1" line
  line="$(grep -iE "^${name}(\[[^]]*\])?==" "$requirements" | head -1 || true)"
  [[ -n "$line" ]] || { echo "api-inventory: $requirements pins no version of $name" >&2; exit 1; }
  echo "${line#*==}" | tr -d '[:space:]'
}

wanted="$(cat scripts/api-inventory-requirements.txt)"
for entry in "${packages[@]}"; do
  read -r name _ <<<"$entry"
  wanted+=$'\n'"$name==$(pin "$name")"
done
stamp="$venv/api-inventory.pins"
if ! "$venv/bin/python" -c 'import sys' >/dev/null 2>&1; then
  rm -rf "$venv"
  "$python" -m venv "$venv"
fi
if [[ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]]; then
  echo "$wanted" | "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r /dev/stdin
  echo "$wanted" >"$stamp"
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
status=0
for entry in "${packages[@]}"; do
  read -r name folder <<<"$entry"
  version="$(pin "$name")"
  module="${name//-/_}"
  # Releases are tagged with the core version; library packages live in the same repository.
  core="$(pin dagster)"
  url="https://github.com/dagster-io/dagster/blob/$core/$folder/"
  "$venv/bin/python" scripts/api_inventory.py "$module" "$version" "$url" "$tmp/$module.json"
  if $check; then
    if ! cmp -s "$tmp/$module.json" "$out/$module.json"; then
      echo "api-inventory: $out/$module.json differs from what $name==$version gives; run scripts/api-inventory.sh" >&2
      diff -u "$out/$module.json" "$tmp/$module.json" | head -40 >&2 || true
      status=1
    fi
  else
    mkdir -p "$out"
    mv "$tmp/$module.json" "$out/$module.json"
    echo "wrote $out/$module.json ($name $version)"
  fi
done
exit "$status"
