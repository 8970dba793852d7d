# start_imports
import re

import dagster as dg
from dagster_openai import OpenAIResource

from .vector_database import (
    EMBEDDING_DIMENSIONS,
    EMBEDDING_MODEL,
    INDEX_NAME,
    NAMESPACE,
    VECTOR_FIELD,
    PineconeResource,
    vector_index,
)


# end_imports
# start_split_into_chunks
def split_into_chunks(text: str, max_chars: int = 1200) -> list[str]:
    """Split Markdown at its headings, then cut long sections at paragraphs."""
    chunks = []
    for section in re.split(r"\n(?=#{1,3} )", text):
        section = section.strip()
        while len(section) > max_chars:
            cut = section.rfind("\n\n", 0, max_chars)
            cut = cut if cut > 0 else max_chars
            chunks.append(section[:cut].strip())
            section = section[cut:].strip()
        if section:
            chunks.append(section)
    return chunks


# end_split_into_chunks
# start_document_chunks
@dg.asset(group_name="embeddings")
def document_chunks(
    context: dg.AssetExecutionContext,
    handbook_documents: list[dict],
    web_documents: list[dict],
) -> list[dict]:
    """Pieces of every document, small enough to embed and to quote."""
    chunks = []
    for document in handbook_documents + web_documents:
        for number, text in enumerate(split_into_chunks(document["text"])):
            chunks.append(
                {
                    "id": f"{document['id']}-{number}",
                    "title": document["title"],
                    "url": document["url"],
                    "source": document["source"],
                    "text": text,
                }
            )
    context.add_output_metadata({"chunks": len(chunks)})
    return chunks


# end_document_chunks
# start_embed_texts
def embed_texts(client, texts: list[str]) -> list[list[float]]:
    """Embed texts with OpenAI, in the order they were given."""
    response = client.embeddings.create(
        model=EMBEDDING_MODEL, input=texts, dimensions=EMBEDDING_DIMENSIONS
    )
    return [item.embedding for item in sorted(response.data, key=lambda d: d.index)]


# end_embed_texts
# start_document_vectors
BATCH_SIZE = 100


@dg.asset(deps=[vector_index], kinds={"openai", "pinecone"}, group_name="embeddings")
def document_vectors(
    context: dg.AssetExecutionContext,
    openai: OpenAIResource,
    pinecone: PineconeResource,
    document_chunks: list[dict],
) -> dg.MaterializeResult:
    """Every chunk embedded and stored in Pinecone, with its text and source."""
    records = []
    with openai.get_client(context) as client:
        for start in range(0, len(document_chunks), BATCH_SIZE):
            batch = document_chunks[start : start + BATCH_SIZE]
            vectors = embed_texts(client, [chunk["text"] for chunk in batch])
            for chunk, vector in zip(batch, vectors):
                records.append(
                    {
                        "_id": chunk["id"],
                        VECTOR_FIELD: vector,
                        "title": chunk["title"],
                        "url": chunk["url"],
                        "source": chunk["source"],
                        "text": chunk["text"],
                    }
                )

    index = pinecone.get_index(INDEX_NAME)
    result = index.documents.batch_upsert(
        namespace=NAMESPACE, documents=records, show_progress=False
    )
    if result.has_errors:
        raise dg.Failure(
            f"{result.failed_item_count} of {len(records)} chunks were not stored"
        )
    return dg.MaterializeResult(
        metadata={"vectors": result.successful_item_count, "namespace": NAMESPACE}
    )


# end_document_vectors
