# start_imports
import dagster as dg
from pinecone import Pinecone

# end_imports
# start_index_settings
INDEX_NAME = "team-knowledge"
NAMESPACE = "runbooks"
# The name of the vector field in the index schema.
VECTOR_FIELD = "embedding"
# text-embedding-3-small can shorten its vectors; 512 numbers keep the index small.
EMBEDDING_MODEL = "text-embedding-3-small"
EMBEDDING_DIMENSIONS = 512


# end_index_settings
# start_pinecone_resource
class PineconeResource(dg.ConfigurableResource):
    """A Pinecone client, and the one index this project writes to."""

    api_key: str
    cloud: str = "aws"
    region: str = "us-east-1"

    def get_client(self) -> Pinecone:
        return Pinecone(api_key=self.api_key)

    def ensure_index(self, name: str, dimension: int):
        """Create the index if it does not exist yet, and describe it."""
        client = self.get_client()
        if not client.indexes.exists(name):
            client.indexes.create(
                name=name,
                schema={
                    "fields": {
                        VECTOR_FIELD: {
                            "type": "dense_vector",
                            "dimension": dimension,
                            "metric": "cosine",
                        }
                    }
                },
                deployment={
                    "deployment_type": "managed",
                    "cloud": self.cloud,
                    "region": self.region,
                },
            )
        return client.indexes.describe(name)

    def get_index(self, name: str):
        return self.get_client().index(name=name)


# end_pinecone_resource
# start_vector_index_asset
@dg.asset(kinds={"pinecone"}, group_name="vector_database")
def vector_index(pinecone: PineconeResource) -> dg.MaterializeResult:
    """The Pinecone index that holds one vector per document chunk."""
    description = pinecone.ensure_index(INDEX_NAME, EMBEDDING_DIMENSIONS)
    return dg.MaterializeResult(
        metadata={
            "index": INDEX_NAME,
            "host": description.host,
            "dimension": EMBEDDING_DIMENSIONS,
        }
    )


# end_vector_index_asset
