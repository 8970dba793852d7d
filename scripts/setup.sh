#!/usr/bin/env bash
# Installs what the project needs on a fresh Debian machine with Rust, Node.js and Python:
# the npm packages of the reading app, which it then builds (web/dist), and, when asked
# with --browser, Debian's chromium for the browser tests.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if [ "${1:-}" = "--browser" ] && ! command -v chromium >/dev/null 2>&1; then
  echo "setup: installing Debian's chromium for the browser tests" >&2
  sudo_cmd=""; [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null
fi

cd "$repo/web"
# Reinstall only when the lock file changed since the last install.
if [ ! -f node_modules/.package-lock.json ] || ! cmp -s package-lock.json node_modules/.lock-copy; then
  echo "setup: installing the reading app's npm packages" >&2
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.lock-copy
fi
echo "setup: building the reading app (web/dist)" >&2
npm run --silent build >/dev/null
