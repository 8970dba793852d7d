#!/usr/bin/env bash
# Keep a cargo target folder from growing without end between runs on one
# machine: every change to a crate's dependencies or path leaves its old test
# and example binaries behind (hundreds of MiB each). This deletes, in each
# profile's deps/ and examples/, every executable that a newer one of the same
# name replaced, and the incremental caches, which a clean clone never reuses.
# Usage: scripts/prune-target.sh [TARGET_DIR]
set -euo pipefail
target="${1:-${CARGO_TARGET_DIR:-target}}"
[[ -d "$target" ]] || exit 0
for profile in "$target"/*/; do
  rm -rf "$profile/incremental"
  for dir in "$profile/deps" "$profile/examples"; do
    [[ -d "$dir" ]] || continue
    # Executables are named NAME-HASH with no extension; newest first, keep the first per NAME.
    find "$dir" -maxdepth 1 -type f -perm -u+x ! -name '*.*' -printf '%T@ %p\n' \
      | sort -rn \
      | awk '{ path = $2; name = path; sub(/-[0-9a-f]+$/, "", name); if (seen[name]++) print path }' \
      | xargs -r rm -f
  done
done
