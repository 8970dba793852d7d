import dagster as dg


@dg.asset
def raw_events() -> list[int]:
    return [3, 1, 2]


@dg.asset
def sorted_events(raw_events: list[int]) -> list[int]:
    return sorted(raw_events)


# A job that materializes a selection of assets.
events_job = dg.define_asset_job(
    "events_job",
    selection=dg.AssetSelection.assets(raw_events, sorted_events),
    tags={"owner": "analytics"},
)


@dg.op(config_schema={"name": str})
def greet(context: dg.OpExecutionContext) -> str:
    return f"hello, {context.op_config['name']}"


# A job built from ops, run in the current process instead of in subprocesses.
@dg.job(executor_def=dg.in_process_executor)
def greeting_job():
    greet()


defs = dg.Definitions(assets=[raw_events, sorted_events], jobs=[events_job, greeting_job])
