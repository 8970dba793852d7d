import pyarrow as pa
import pyarrow.compute as pc
from dagster_deltalake import DeltaLakePyarrowIOManager, DeltaTableResource, LocalConfig

import dagster as dg


# start_io_manager
@dg.asset(key_prefix=["bronze"])
def events() -> pa.Table:
    # Written as a Delta table at <root_uri>/bronze/events.
    return pa.table({"event_id": [1, 2, 3], "kind": ["click", "view", "click"]})


@dg.asset(key_prefix=["bronze"])
def clicks(events: pa.Table) -> pa.Table:
    return events.filter(pc.equal(events["kind"], "click"))


# end_io_manager


# start_resource
@dg.asset(deps=[events])
def event_count(events_table: DeltaTableResource) -> dg.MaterializeResult:
    # The resource points at one table; load() returns a deltalake.DeltaTable.
    table = events_table.load()
    return dg.MaterializeResult(
        metadata={"rows": table.to_pyarrow_table().num_rows, "version": table.version()}
    )


# end_resource

# start_definitions
defs = dg.Definitions(
    assets=[events, clicks, event_count],
    resources={
        "io_manager": DeltaLakePyarrowIOManager(
            root_uri="lake",
            storage_options=LocalConfig(),
        ),
        "events_table": DeltaTableResource(url="lake/bronze/events", storage_options=LocalConfig()),
    },
)
# end_definitions
