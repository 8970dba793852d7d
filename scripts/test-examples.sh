#!/usr/bin/env bash
# Test the documentation's Python examples (site/examples/) with pytest.
#
# Keeps a virtualenv (EXAMPLES_VENV, default site/examples/.venv) with the pinned
# site/examples/requirements.txt: it is created when missing or broken and
# re-synced when requirements.txt changed since the last install (its hash is
# stored inside the venv). Extra arguments go to pytest, e.g.
#   scripts/test-examples.sh -k defining_assets -x
# Needs only python3 (3.10+) with pip; PYTHON=python3.12 picks another one.
# Quiet unless something fails; exits with pytest's status.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
examples="$repo/site/examples"
venv="${EXAMPLES_VENV:-$examples/.venv}"
requirements="$examples/requirements.txt"
stamp="$venv/requirements.sha256"
python="${PYTHON:-python3}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# Run a command with its output kept in $log; show the log only on failure.
quietly() {
  if ! "$@" >"$log" 2>&1; then
    cat "$log" >&2
    echo "test-examples: failed: $*" >&2
    exit 1
  fi
}

requirements_hash() {
  "$python" -c 'import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], "rb").read()).hexdigest())' "$requirements"
}

create_venv() {
  rm -rf "$venv"
  # Debian's python3 may lack ensurepip (package python3-venv); then make
  # the venv without pip and install pip into it with the system pip.
  if ! "$python" -m venv "$venv" >"$log" 2>&1; then
    rm -rf "$venv"
    quietly "$python" -m venv --without-pip "$venv"
    quietly "$python" -m pip --python "$venv/bin/python" install --disable-pip-version-check pip
  fi
}

# A venv whose python no longer runs (base interpreter moved or upgraded)
# is as good as missing.
if ! "$venv/bin/python" -c 'import sys' >/dev/null 2>&1; then
  create_venv
fi

wanted="$(requirements_hash)"
if [[ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]]; then
  quietly "$venv/bin/python" -m pip install --disable-pip-version-check --no-input -r "$requirements"
  echo "$wanted" >"$stamp"
fi

cd "$examples"
status=0
# Spread the tests over the cores (pytest-xdist); EXAMPLES_WORKERS=0 runs them in one process.
"$venv/bin/python" -m pytest -q -n "${EXAMPLES_WORKERS:-auto}" tests "$@" || status=$?
exit "$status"
