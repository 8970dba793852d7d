"""A context injector and message reader that use a shared directory.

The directory stands in for any storage both sides can reach: a network
file share, a bucket, a volume mounted into a container.
"""

# start_injector
import json
import os
import shutil
import sys
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import dagster as dg


class SharedDirContextInjector(dg.PipesContextInjector):
    """Writes the context to a JSON file in a shared directory."""

    def __init__(self, shared_dir: str):
        self.shared_dir = shared_dir

    @contextmanager
    def inject_context(self, context_data) -> Iterator[dict]:
        path = os.path.join(self.shared_dir, f"context-{uuid.uuid4().hex}.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(context_data, f)
        try:
            # `path` is the key the default context loader looks for.
            yield {"path": path}
        finally:
            os.remove(path)

    def no_messages_debug_text(self) -> str:
        return f"Wrote the Pipes context to a file in {self.shared_dir}."


# end_injector


# start_reader
class SharedDirMessageReader(dg.PipesBlobStoreMessageReader):
    """Reads numbered message chunks (1.json, 2.json, ...) from a shared directory."""

    def __init__(self, shared_dir: str, interval: float = 1):
        super().__init__(interval=interval)
        self.shared_dir = shared_dir

    @contextmanager
    def get_params(self) -> Iterator[dict]:
        message_dir = tempfile.mkdtemp(prefix="messages-", dir=self.shared_dir)
        try:
            # These params reach the external process's message writer.
            yield {"message_dir": message_dir}
        finally:
            shutil.rmtree(message_dir, ignore_errors=True)

    def messages_are_readable(self, params) -> bool:
        return os.path.exists(os.path.join(params["message_dir"], "1.json"))

    def download_messages_chunk(self, index: int, params) -> str | None:
        path = os.path.join(params["message_dir"], f"{index}.json")
        if not os.path.exists(path):
            return None
        with open(path, encoding="utf-8") as f:
            return f.read()

    def no_messages_debug_text(self) -> str:
        return (
            f"Looked for message chunks under {self.shared_dir}. The external process must "
            "open Pipes with the matching SharedDirMessageWriter."
        )


# end_reader


# start_asset
@dg.asset
def report_from_shared_dir(
    context: dg.AssetExecutionContext,
    pipes_subprocess_client: dg.PipesSubprocessClient,
) -> dg.MaterializeResult:
    script = dg.file_relative_path(__file__, "custom_external.py")
    return pipes_subprocess_client.run(
        command=[sys.executable, script],
        context=context,
    ).get_materialize_result()


shared_dir = os.environ.get("PIPES_SHARED_DIR", tempfile.gettempdir())

defs = dg.Definitions(
    assets=[report_from_shared_dir],
    resources={
        "pipes_subprocess_client": dg.PipesSubprocessClient(
            context_injector=SharedDirContextInjector(shared_dir),
            message_reader=SharedDirMessageReader(shared_dir),
        )
    },
)
# end_asset
