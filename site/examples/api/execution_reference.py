import dagster as dg


@dg.asset
def raw_numbers() -> list[int]:
    return [3, 1, 2]


@dg.asset
def sorted_numbers(context: dg.AssetExecutionContext, raw_numbers: list[int]) -> list[int]:
    context.log.info(f"Sorting {len(raw_numbers)} numbers")
    return sorted(raw_numbers)


def run_in_memory() -> list[int]:
    # Runs both assets in-process and keeps the outputs in memory.
    result = dg.materialize_to_memory([raw_numbers, sorted_numbers])
    assert result.success
    return result.output_for_node("sorted_numbers")


def latest_materializations(instance: dg.DagsterInstance) -> list[dg.EventLogRecord]:
    # Reads materialization events of one asset back from the instance.
    records = instance.fetch_materializations(dg.AssetKey("sorted_numbers"), limit=10)
    return list(records.records)


def failed_runs(instance: dg.DagsterInstance) -> list[dg.RunRecord]:
    return list(
        instance.get_run_records(filters=dg.RunsFilter(statuses=[dg.DagsterRunStatus.FAILURE]))
    )
