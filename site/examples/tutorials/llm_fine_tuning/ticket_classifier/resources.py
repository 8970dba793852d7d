from pathlib import Path

import dagster as dg

# start_constants
# The labels the model learns to predict, and the model it starts from.
CATEGORIES = ["account", "billing", "shipping", "technical"]
BASE_MODEL = "gpt-4o-mini-2024-07-18"

SYSTEM_PROMPT = (
    "You sort customer support tickets. Read the ticket and answer with "
    "exactly one word, the ticket's category: " + ", ".join(CATEGORIES) + "."
)


# end_constants
# start_files_resource
class FineTuningFiles(dg.ConfigurableResource):
    """The folder where the JSONL files sent to OpenAI are written."""

    directory: str = "fine_tuning_files"

    def path_for(self, filename: str) -> Path:
        folder = Path(self.directory)
        folder.mkdir(parents=True, exist_ok=True)
        return folder / filename


# end_files_resource
