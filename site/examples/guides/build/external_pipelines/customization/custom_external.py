"""External side of the shared-directory channel."""

# start_writer
import os
from typing import IO

from dagster_pipes import (
    PipesBlobStoreMessageWriter,
    PipesBlobStoreMessageWriterChannel,
    open_dagster_pipes,
)


class SharedDirMessageWriterChannel(PipesBlobStoreMessageWriterChannel):
    def __init__(self, message_dir: str, *, interval: float):
        super().__init__(interval=interval)
        self.message_dir = message_dir

    def upload_messages_chunk(self, payload: IO, index: int) -> None:
        # Write under a temporary name, then rename, so that the reader never
        # sees half a chunk.
        final_path = os.path.join(self.message_dir, f"{index}.json")
        partial_path = final_path + ".partial"
        with open(partial_path, "w", encoding="utf-8") as f:
            f.write(payload.read())
        os.replace(partial_path, final_path)


class SharedDirMessageWriter(PipesBlobStoreMessageWriter):
    def make_channel(self, params) -> SharedDirMessageWriterChannel:
        return SharedDirMessageWriterChannel(params["message_dir"], interval=self.interval)


# end_writer


# start_main
def main() -> None:
    with open_dagster_pipes(message_writer=SharedDirMessageWriter(interval=1)) as pipes:
        pipes.log.info("Writing messages to the shared directory")
        pipes.report_asset_materialization(metadata={"rows": 7})


# end_main


if __name__ == "__main__":
    main()
