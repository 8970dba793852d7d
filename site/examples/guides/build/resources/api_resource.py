"""A resource that wraps an HTTP API with requests, and assets that use it."""

import requests

import dagster as dg


# start_api_resource
class GitHubAPI(dg.ConfigurableResource):
    """A small client for the GitHub REST API."""

    token: str | None = None
    base_url: str = "https://api.github.com"
    timeout_seconds: float = 10.0

    def _headers(self) -> dict[str, str]:
        headers = {"Accept": "application/vnd.github+json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        return headers

    def get_repo(self, owner: str, name: str) -> dict:
        response = requests.get(
            f"{self.base_url}/repos/{owner}/{name}",
            headers=self._headers(),
            timeout=self.timeout_seconds,
        )
        # Turn HTTP errors (401, 404, 500...) into exceptions, so the run fails.
        response.raise_for_status()
        return response.json()


# end_api_resource


# start_api_asset
@dg.asset
def dagster_repo_stats(github: GitHubAPI) -> dg.MaterializeResult:
    repo = github.get_repo("dagster-io", "dagster")
    return dg.MaterializeResult(
        metadata={
            "stars": repo["stargazers_count"],
            "forks": repo["forks_count"],
            "open_issues": repo["open_issues_count"],
        }
    )


# end_api_asset


# start_api_definitions
defs = dg.Definitions(
    assets=[dagster_repo_stats],
    # GITHUB_TOKEN must be set where runs execute. To call the API without a
    # token (and a lower rate limit), register GitHubAPI() with no token.
    resources={"github": GitHubAPI(token=dg.EnvVar("GITHUB_TOKEN"))},
)
# end_api_definitions


# start_fake_api
class FakeGitHubAPI(GitHubAPI):
    """Answers from memory, for tests and local development."""

    def get_repo(self, owner: str, name: str) -> dict:
        return {"stargazers_count": 100, "forks_count": 20, "open_issues_count": 3}


# end_fake_api
