import csv
import io

import dagster as dg
import lakefs
from lakefs.client import Client


# start_resource
class LakeFSResource(dg.ConfigurableResource):
    """A lakeFS connection; the client is made when an asset asks for a repository."""

    host: str
    access_key_id: str
    secret_access_key: str

    def repository(self, repository_id: str) -> lakefs.Repository:
        client = Client(
            host=self.host, username=self.access_key_id, password=self.secret_access_key
        )
        return lakefs.Repository(repository_id, client=client)


# end_resource


# start_asset
@dg.asset
def daily_prices(context: dg.AssetExecutionContext, lakefs_store: LakeFSResource) -> None:
    """Write to an isolated branch, commit, and merge into main only when it worked."""
    repo = lakefs_store.repository("market-data")
    branch = repo.branch(f"dagster-{context.run.run_id[:8]}").create(source_reference="main")

    rows = [("ticker", "close"), ("ACME", "101.5"), ("GLOBEX", "48.2")]
    buffer = io.StringIO()
    csv.writer(buffer).writerows(rows)
    branch.object("prices/latest.csv").upload(data=buffer.getvalue(), content_type="text/csv")

    commit = branch.commit(
        message="Refresh daily prices", metadata={"dagster_run_id": context.run.run_id}
    )
    branch.merge_into(repo.branch("main"))
    branch.delete()
    context.add_output_metadata({"commit_id": commit.get_commit().id})


# end_asset

# start_definitions
defs = dg.Definitions(
    assets=[daily_prices],
    resources={
        "lakefs_store": LakeFSResource(
            host=dg.EnvVar("LAKEFS_HOST"),
            access_key_id=dg.EnvVar("LAKEFS_ACCESS_KEY_ID"),
            secret_access_key=dg.EnvVar("LAKEFS_SECRET_ACCESS_KEY"),
        )
    },
)
# end_definitions
