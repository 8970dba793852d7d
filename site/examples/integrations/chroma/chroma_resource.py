import dagster as dg
from dagster_chroma import ChromaResource, HttpConfig, LocalConfig

# start_resource
# During development, keep the database in a local folder.
local_chroma = ChromaResource(connection_config=LocalConfig(persistence_path="chroma_data"))

# In production, connect to a Chroma server instead.
server_chroma = ChromaResource(
    connection_config=HttpConfig(host="chroma.internal.example.com", port=8000, ssl=True),
)
# end_resource

# start_assets
ARTICLES = {
    "refunds": "Refunds are paid to the original card within five business days.",
    "shipping": "Orders ship from our warehouse within 24 hours on weekdays.",
    "returns": "You can return an unused item within 30 days for a full refund.",
}


@dg.asset(kinds={"chroma"})
def support_articles_collection(chroma: ChromaResource) -> dg.MaterializeResult:
    with chroma.get_client() as client:
        collection = client.get_or_create_collection("support_articles")
        # Chroma embeds the documents with the collection's embedding function.
        collection.upsert(
            ids=list(ARTICLES),
            documents=list(ARTICLES.values()),
            metadatas=[{"topic": topic} for topic in ARTICLES],
        )
        count = collection.count()
    return dg.MaterializeResult(metadata={"documents": count})


@dg.asset(deps=[support_articles_collection], kinds={"chroma"})
def refund_question_matches(chroma: ChromaResource) -> list[str]:
    with chroma.get_client() as client:
        collection = client.get_collection("support_articles")
        results = collection.query(query_texts=["How do I get my money back?"], n_results=2)
    return results["ids"][0]


# end_assets

# start_definitions
defs = dg.Definitions(
    assets=[support_articles_collection, refund_question_matches],
    resources={"chroma": local_chroma},
)
# end_definitions
