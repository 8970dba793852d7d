# start_imports
import json
from pathlib import Path

import dagster as dg
from dagster_duckdb import DuckDBResource

from .features import ticket_examples, ticket_messages
from .resources import CATEGORIES, FineTuningFiles

# OpenAI rejects a fine-tuning file with fewer examples than this.
MIN_EXAMPLES = 10


# end_imports
# start_write_jsonl
def write_examples(duckdb: DuckDBResource, split: str, path: Path) -> int:
    """Write one split of ticket_examples as chat-formatted JSONL."""
    with duckdb.get_connection() as conn:
        rows = conn.execute(
            "select ticket_text, label from ticket_examples "
            "where split = ? order by ticket_id",
            [split],
        ).fetchall()
    with path.open("w", encoding="utf-8") as jsonl:
        for ticket_text, label in rows:
            example = {"messages": ticket_messages(ticket_text, label)}
            jsonl.write(json.dumps(example) + "\n")
    return len(rows)


# end_write_jsonl
# start_file_assets
@dg.asset(deps=[ticket_examples], group_name="files")
def training_file(
    context: dg.AssetExecutionContext, duckdb: DuckDBResource, files: FineTuningFiles
) -> str:
    """The JSONL file OpenAI trains on."""
    path = files.path_for("training.jsonl")
    count = write_examples(duckdb, "training", path)
    context.add_output_metadata({"jsonl_file": str(path), "examples": count})
    return str(path)


@dg.asset(deps=[ticket_examples], group_name="files")
def validation_file(
    context: dg.AssetExecutionContext, duckdb: DuckDBResource, files: FineTuningFiles
) -> str:
    """The JSONL file OpenAI reports validation loss on."""
    path = files.path_for("validation.jsonl")
    count = write_examples(duckdb, "validation", path)
    context.add_output_metadata({"jsonl_file": str(path), "examples": count})
    return str(path)


# end_file_assets
# start_file_checks
def jsonl_problems(path: str) -> tuple[int, list[str]]:
    """Count the examples in a JSONL file and list what is wrong with them."""
    problems, count = [], 0
    for line_number, line in enumerate(Path(path).read_text().splitlines(), start=1):
        count += 1
        try:
            messages = json.loads(line)["messages"]
        except (json.JSONDecodeError, KeyError, TypeError):
            problems.append(f"line {line_number}: not a JSON object with messages")
            continue
        roles = [message.get("role") for message in messages]
        if roles != ["system", "user", "assistant"]:
            problems.append(f"line {line_number}: unexpected roles {roles}")
        elif messages[-1].get("content") not in CATEGORIES:
            problems.append(f"line {line_number}: unknown label")
    return count, problems


@dg.asset_check(asset=training_file, blocking=True)
def training_file_is_valid(training_file: str) -> dg.AssetCheckResult:
    count, problems = jsonl_problems(training_file)
    if count < MIN_EXAMPLES:
        problems.append(f"{count} examples, OpenAI needs at least {MIN_EXAMPLES}")
    return dg.AssetCheckResult(
        passed=not problems, metadata={"examples": count, "problems": problems[:10]}
    )


@dg.asset_check(asset=validation_file, blocking=True)
def validation_file_is_valid(validation_file: str) -> dg.AssetCheckResult:
    count, problems = jsonl_problems(validation_file)
    return dg.AssetCheckResult(
        passed=not problems and count > 0,
        metadata={"examples": count, "problems": problems[:10]},
    )


# end_file_checks
