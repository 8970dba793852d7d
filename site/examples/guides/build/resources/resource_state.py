"""Resources with state: open a connection once per run and close it afterwards."""

import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pydantic import PrivateAttr

import dagster as dg


# start_setup_teardown
class SQLiteDatabase(dg.ConfigurableResource):
    """Opens one SQLite connection for the whole run."""

    path: str

    # Private attributes are not config: they hold state built at run time.
    _connection: sqlite3.Connection | None = PrivateAttr(default=None)

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        context.log.info(f"Opening {self.path}")
        self._connection = sqlite3.connect(self.path)

    def teardown_after_execution(self, context: dg.InitResourceContext) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def query(self, sql: str, params: tuple = ()) -> list[tuple]:
        if self._connection is None:
            raise RuntimeError("SQLiteDatabase is only usable inside a run")
        with self._connection:  # Commits on success, rolls back on error.
            return self._connection.execute(sql, params).fetchall()


# end_setup_teardown


# start_use_state
@dg.asset
def visits(db: SQLiteDatabase) -> dg.MaterializeResult:
    db.query("create table if not exists visits (page text, hits integer)")
    db.query("delete from visits")
    for page, hits in [("/", 120), ("/pricing", 45), ("/docs", 80)]:
        db.query("insert into visits values (?, ?)", (page, hits))
    total = db.query("select sum(hits) from visits")[0][0]
    return dg.MaterializeResult(metadata={"total_hits": total})


# end_use_state


# start_yield_for_execution
class ScratchSpace(dg.ConfigurableResource):
    """A temporary folder that exists only while a run uses it."""

    prefix: str = "dagster-scratch-"

    _root: Path | None = PrivateAttr(default=None)

    # Dagster uses this method as a context manager, so it needs the decorator.
    @contextmanager
    def yield_for_execution(self, context: dg.InitResourceContext) -> Iterator["ScratchSpace"]:
        root = Path(tempfile.mkdtemp(prefix=self.prefix))
        self._root = root
        try:
            yield self  # The run uses the resource while the generator is paused here.
        finally:
            shutil.rmtree(root, ignore_errors=True)
            self._root = None

    def path_for(self, name: str) -> Path:
        if self._root is None:
            raise RuntimeError("ScratchSpace is only usable inside a run")
        return self._root / name


@dg.asset
def compressed_visits(scratch: ScratchSpace) -> int:
    staging_file = scratch.path_for("visits.csv")
    staging_file.write_text("page,hits\n/,120\n/pricing,45\n/docs,80\n")
    return staging_file.stat().st_size


# end_yield_for_execution


defs = dg.Definitions(
    assets=[visits, compressed_visits],
    resources={"db": SQLiteDatabase(path="visits.sqlite"), "scratch": ScratchSpace()},
)
