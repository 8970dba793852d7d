# start_imports
import dagster as dg
from dagster_openai import OpenAIResource
from pinecone import DenseVectorQuery

from .embeddings import document_vectors, embed_texts
from .vector_database import INDEX_NAME, NAMESPACE, VECTOR_FIELD, PineconeResource

# end_imports
# start_answer_prompt
CHAT_MODEL = "gpt-4.1-mini"

ANSWER_PROMPT = """\
You answer questions from a data platform team, using only the numbered
sources you are given. Cite the sources you use as [1], [2] and so on. If the
sources do not contain the answer, say that you do not know, and do not guess.
"""


# end_answer_prompt
# start_retrieve
def retrieve(pinecone: PineconeResource, vector: list[float], top_k: int) -> list[dict]:
    """The stored chunks closest to a query vector, best first."""
    index = pinecone.get_index(INDEX_NAME)
    response = index.documents.search(
        namespace=NAMESPACE,
        score_by=[DenseVectorQuery(field=VECTOR_FIELD, values=vector)],
        top_k=top_k,
        include_fields=["title", "url", "text"],
    )
    return [
        {
            "id": match.id,
            "score": match.score,
            "title": match.get("title", ""),
            "url": match.get("url", ""),
            "text": match.get("text", ""),
        }
        for match in response.matches
    ]


# end_retrieve
# start_answer_asset
class QuestionConfig(dg.Config):
    question: str = "Who do I contact when production is down at night?"
    top_k: int = 3


@dg.asset(deps=[document_vectors], kinds={"openai", "pinecone"}, group_name="retrieval")
def answer(
    context: dg.AssetExecutionContext,
    config: QuestionConfig,
    openai: OpenAIResource,
    pinecone: PineconeResource,
) -> dict:
    """An answer to the configured question, grounded in the stored chunks."""
    with openai.get_client(context) as client:
        (question_vector,) = embed_texts(client, [config.question])
        sources = retrieve(pinecone, question_vector, config.top_k)
        numbered = "\n\n".join(
            f"[{n}] {source['title']} ({source['url']})\n{source['text']}"
            for n, source in enumerate(sources, start=1)
        )
        response = client.chat.completions.create(
            model=CHAT_MODEL,
            messages=[
                {"role": "system", "content": ANSWER_PROMPT},
                {
                    "role": "user",
                    "content": f"Sources:\n\n{numbered}\n\nQuestion: {config.question}",
                },
            ],
        )
    text = response.choices[0].message.content or ""

    context.add_output_metadata(
        {
            "question": config.question,
            "answer": dg.MetadataValue.md(text),
            "sources": [f"{s['title']} ({s['score']:.2f})" for s in sources],
        }
    )
    return {"question": config.question, "answer": text, "sources": sources}


# end_answer_asset
