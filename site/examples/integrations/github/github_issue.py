import dagster as dg
from dagster_github import GithubResource


# start_asset
@dg.asset_check(asset="nightly_export", blocking=False)
def export_not_empty() -> dg.AssetCheckResult:
    return dg.AssetCheckResult(passed=False, metadata={"rows": 0})


@dg.asset
def nightly_export() -> None:
    """Stands in for the asset whose failures you want to track as issues."""


@dg.asset(deps=[nightly_export])
def export_issue(github: GithubResource) -> dg.MaterializeResult:
    """Open an issue in the data team's repository through the GitHub App."""
    issue = github.get_client().create_issue(
        repo_name="data-pipelines",
        repo_owner="acme",
        title="Nightly export produced no rows",
        body="The `export_not_empty` check failed. See the Dagster run for details.",
    )
    return dg.MaterializeResult(metadata={"issue": str(issue)})


# end_asset

# start_definitions
defs = dg.Definitions(
    assets=[nightly_export, export_issue],
    asset_checks=[export_not_empty],
    resources={
        "github": GithubResource(
            github_app_id=dg.EnvVar.int("GITHUB_APP_ID"),
            github_app_private_rsa_key=dg.EnvVar("GITHUB_PRIVATE_KEY"),
            github_installation_id=dg.EnvVar.int("GITHUB_INSTALLATION_ID"),
        )
    },
)
# end_definitions
