"""Answer questions about a data team's runbooks with Pinecone and OpenAI."""
