import sys

import dagster as dg

daily = dg.DailyPartitionsDefinition(start_date="2025-01-01")


@dg.multi_asset(
    specs=[dg.AssetSpec("raw_events"), dg.AssetSpec("daily_event_stats", deps=["raw_events"])],
    check_specs=[dg.AssetCheckSpec(name="few_skipped_rows", asset="raw_events")],
    partitions_def=daily,
)
def event_tables(
    context: dg.AssetExecutionContext,
    pipes_subprocess_client: dg.PipesSubprocessClient,
):
    invocation = pipes_subprocess_client.run(
        command=[sys.executable, dg.file_relative_path(__file__, "external_code.py")],
        context=context,
    )
    for message in invocation.get_custom_messages():
        context.log.info(f"External process reported: {message}")
    yield from invocation.get_results()


defs = dg.Definitions(
    assets=[event_tables],
    resources={"pipes_subprocess_client": dg.PipesSubprocessClient()},
)
