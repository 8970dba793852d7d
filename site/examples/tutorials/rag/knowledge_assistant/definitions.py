import dagster as dg
from dagster_openai import OpenAIResource

from . import embeddings, retrieval, sources, vector_database
from .sources import WebFetcher
from .vector_database import PineconeResource

# start_definitions
defs = dg.Definitions(
    assets=dg.load_assets_from_modules(
        [sources, vector_database, embeddings, retrieval]
    ),
    resources={
        "web": WebFetcher(),
        "pinecone": PineconeResource(api_key=dg.EnvVar("PINECONE_API_KEY")),
        "openai": OpenAIResource(api_key=dg.EnvVar("OPENAI_API_KEY")),
    },
)
# end_definitions
