"""Transcribe and summarize podcast episodes with Modal, OpenAI and Dagster."""
