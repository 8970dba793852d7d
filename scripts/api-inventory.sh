#!/usr/bin/env bash
# Regenerates the API inventories (site/api/<module>.json) from the packages pinned in
# site/examples/requirements.txt and site/api/requirements.txt, with griffe pinned in
# scripts/api-inventory-requirements.txt.
#
#   scripts/api-inventory.sh           rewrite the committed files
#   scripts/api-inventory.sh --check   run the generator's tests, regenerate into a temporary
#                                      folder and fail if any committed file differs (the
#                                      drift check of the tests)
#
# Keeps its own virtualenv (API_VENV, default site/examples/.venv-api), created when missing
# and re-synced when the pins change; the examples' venv is never touched.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
# Pins: the examples' packages, then the ones only the API reference documents.
requirement_files=(site/examples/requirements.txt site/api/requirements.txt)
venv="${API_VENV:-$repo/site/examples/.venv-api}"
python="${PYTHON:-python3}"
out="site/api"
# Documented packages: name, then its folder in the dagster repository (for source links);
# `community:` marks a folder of the community-integrations repository. The first package is
# installed with its dependencies (the libraries import names from it); the others without,
# since the inventory reads their source and never imports it.
packages=(
  "dagster python_modules/dagster"
  "dagster-pipes python_modules/dagster-pipes"
  "dagster-graphql python_modules/dagster-graphql"
  "dagstermill python_modules/libraries/dagstermill"
  "dagster-airbyte python_modules/libraries/dagster-airbyte"
  "dagster-airlift python_modules/libraries/dagster-airlift"
  "dagster-aws python_modules/libraries/dagster-aws"
  "dagster-azure python_modules/libraries/dagster-azure"
  "dagster-celery python_modules/libraries/dagster-celery"
  "dagster-celery-docker python_modules/libraries/dagster-celery-docker"
  "dagster-celery-k8s python_modules/libraries/dagster-celery-k8s"
  "dagster-census python_modules/libraries/dagster-census"
  "dagster-dask python_modules/libraries/dagster-dask"
  "dagster-databricks python_modules/libraries/dagster-databricks"
  "dagster-datadog python_modules/libraries/dagster-datadog"
  "dagster-datahub python_modules/libraries/dagster-datahub"
  "dagster-dbt python_modules/libraries/dagster-dbt"
  "dagster-deltalake python_modules/libraries/dagster-deltalake"
  "dagster-deltalake-pandas python_modules/libraries/dagster-deltalake-pandas"
  "dagster-deltalake-polars python_modules/libraries/dagster-deltalake-polars"
  "dagster-dlt python_modules/libraries/dagster-dlt"
  "dagster-docker python_modules/libraries/dagster-docker"
  "dagster-duckdb python_modules/libraries/dagster-duckdb"
  "dagster-duckdb-pandas python_modules/libraries/dagster-duckdb-pandas"
  "dagster-duckdb-polars python_modules/libraries/dagster-duckdb-polars"
  "dagster-duckdb-pyspark python_modules/libraries/dagster-duckdb-pyspark"
  "dagster-fivetran python_modules/libraries/dagster-fivetran"
  "dagster-gcp python_modules/libraries/dagster-gcp"
  "dagster-gcp-pandas python_modules/libraries/dagster-gcp-pandas"
  "dagster-gcp-pyspark python_modules/libraries/dagster-gcp-pyspark"
  "dagster-ge python_modules/libraries/dagster-ge"
  "dagster-github python_modules/libraries/dagster-github"
  "dagster-k8s python_modules/libraries/dagster-k8s"
  "dagster-looker python_modules/libraries/dagster-looker"
  "dagster-mlflow python_modules/libraries/dagster-mlflow"
  "dagster-msteams python_modules/libraries/dagster-msteams"
  "dagster-mysql python_modules/libraries/dagster-mysql"
  "dagster-openai python_modules/libraries/dagster-openai"
  "dagster-pagerduty python_modules/libraries/dagster-pagerduty"
  "dagster-pandas python_modules/libraries/dagster-pandas"
  "dagster-pandera python_modules/libraries/dagster-pandera"
  "dagster-papertrail python_modules/libraries/dagster-papertrail"
  "dagster-polars community:libraries/dagster-polars"
  "dagster-postgres python_modules/libraries/dagster-postgres"
  "dagster-powerbi python_modules/libraries/dagster-powerbi"
  "dagster-prometheus python_modules/libraries/dagster-prometheus"
  "dagster-pyspark python_modules/libraries/dagster-pyspark"
  "dagster-sigma python_modules/libraries/dagster-sigma"
  "dagster-slack python_modules/libraries/dagster-slack"
  "dagster-sling python_modules/libraries/dagster-sling"
  "dagster-snowflake python_modules/libraries/dagster-snowflake"
  "dagster-snowflake-pandas python_modules/libraries/dagster-snowflake-pandas"
  "dagster-snowflake-pyspark python_modules/libraries/dagster-snowflake-pyspark"
  "dagster-spark python_modules/libraries/dagster-spark"
  "dagster-ssh python_modules/libraries/dagster-ssh"
  "dagster-tableau python_modules/libraries/dagster-tableau"
  "dagster-twilio python_modules/libraries/dagster-twilio"
  "dagster-wandb python_modules/libraries/dagster-wandb"
)

check=false
[[ "${1:-}" == "--check" ]] && check=true

pin() {
  local name="$1" line
  line="$(cat "${requirement_files[@]}" | grep -iE "^${name}(\[[^]]*\])?==" | head -1 || true)"
  [[ -n "$line" ]] || { echo "api-inventory: ${requirement_files[*]} pin no version of $name" >&2; exit 1; }
  echo "${line#*==}" | tr -d '[:space:]'
}

core="$(pin dagster)"
wanted="$(cat scripts/api-inventory-requirements.txt)"$'\n'"dagster==$core"
libraries=""
for entry in "${packages[@]:1}"; do
  read -r name _ <<<"$entry"
  libraries+="$name==$(pin "$name")"$'\n'
done
stamp="$venv/api-inventory.pins"
if ! "$venv/bin/python" -c 'import sys' >/dev/null 2>&1; then
  rm -rf "$venv"
  "$python" -m venv "$venv"
fi
if [[ "$(cat "$stamp" 2>/dev/null)" != "$wanted"$'\n'"$libraries" ]]; then
  pip=("$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input)
  echo "$wanted" | "${pip[@]}" -r /dev/stdin
  echo -n "$libraries" | "${pip[@]}" --no-deps --ignore-requires-python -r /dev/stdin
  echo "$wanted"$'\n'"$libraries" >"$stamp"
fi

if $check; then
  # The generator's own tests, on a small package made for them.
  "$venv/bin/python" scripts/tests/test_api_inventory.py >/dev/null
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
specs=()
for entry in "${packages[@]}"; do
  read -r name folder <<<"$entry"
  # Releases are tagged with the core version; library packages live in the same repository.
  # The community repository has no per-release tags: its links point at the main branch.
  case "$folder" in
    community:*) url="https://github.com/dagster-io/community-integrations/blob/main/${folder#community:}/" ;;
    *) url="https://github.com/dagster-io/dagster/blob/$core/$folder/" ;;
  esac
  specs+=("${name//-/_} $(pin "$name") $url")
done
"$venv/bin/python" scripts/api_inventory.py "$tmp" "${specs[@]}"

status=0
for spec in "${specs[@]}"; do
  read -r module version _ <<<"$spec"
  if $check; then
    if ! cmp -s "$tmp/$module.json" "$out/$module.json"; then
      echo "api-inventory: $out/$module.json differs from what $module==$version gives; run scripts/api-inventory.sh" >&2
      diff -u "$out/$module.json" "$tmp/$module.json" | head -40 >&2 || true
      status=1
    fi
  else
    mkdir -p "$out"
    mv "$tmp/$module.json" "$out/$module.json"
  fi
done
$check || echo "wrote ${#specs[@]} inventories to $out"
exit "$status"
