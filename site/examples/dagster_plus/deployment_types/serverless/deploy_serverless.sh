#!/usr/bin/env bash
# Deploy every code location in dagster_cloud.yaml to a Dagster+ Serverless
# deployment from any CI system. Set these in your CI secrets:
#   DAGSTER_CLOUD_ORGANIZATION  your organization name
#   DAGSTER_CLOUD_API_TOKEN     a user token or an agent token
set -euo pipefail

export DAGSTER_BUILD_STATEDIR="$(mktemp -d)"

# start_ci_commands
dagster-cloud ci check --project-dir .

dagster-cloud ci init \
  --project-dir . \
  --deployment prod \
  --git-url "https://github.com/acme/data-platform/tree/${GIT_COMMIT}" \
  --commit-hash "${GIT_COMMIT}"

dagster-cloud ci build \
  --build-strategy python-executable \
  --python-version 3.12

dagster-cloud ci deploy
# end_ci_commands

dagster-cloud ci status
