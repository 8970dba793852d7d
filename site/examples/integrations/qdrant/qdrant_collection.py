import dagster as dg
from dagster_qdrant import QdrantConfig, QdrantResource

# start_resource
qdrant = QdrantResource(
    config=QdrantConfig(url=dg.EnvVar("QDRANT_URL"), api_key=dg.EnvVar("QDRANT_API_KEY"))
)
# end_resource


# start_asset
@dg.asset
def product_vectors(qdrant: QdrantResource) -> None:
    from qdrant_client import models

    with qdrant.get_client() as client:
        if not client.collection_exists("products"):
            client.create_collection(
                collection_name="products",
                vectors_config=models.VectorParams(size=3, distance=models.Distance.COSINE),
            )
        client.upsert(
            collection_name="products",
            points=[
                models.PointStruct(id=1, vector=[0.1, 0.9, 0.0], payload={"name": "kettle"}),
                models.PointStruct(id=2, vector=[0.8, 0.1, 0.1], payload={"name": "toaster"}),
            ],
        )


# end_asset

defs = dg.Definitions(assets=[product_vectors], resources={"qdrant": qdrant})
