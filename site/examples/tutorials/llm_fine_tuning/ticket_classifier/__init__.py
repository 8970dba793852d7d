"""Fine-tune an OpenAI model that sorts support tickets into categories."""
