import dagster as dg


# start_retry_policy
@dg.asset(
    retry_policy=dg.RetryPolicy(
        max_retries=3,
        delay=2,  # seconds before the first retry
        backoff=dg.Backoff.EXPONENTIAL,  # then 6 s, then 14 s
        jitter=dg.Jitter.PLUS_MINUS,  # each delay moved randomly up or down
    )
)
def flaky_download() -> str:
    return "downloaded"
# end_retry_policy


# start_observe_result
@dg.observable_source_asset
def vendor_feed() -> dg.ObserveResult:
    # A real observation would read a checksum or a modification time.
    return dg.ObserveResult(
        data_version=dg.DataVersion("2026-01-01T00:00:00"),
        metadata={"row_count": 1200},
    )
# end_observe_result


# start_dependency_definition
@dg.op
def extract() -> list[int]:
    return [1, 2, 3]


@dg.op
def total(values: list[int]) -> int:
    return sum(values)


totals_job = dg.GraphDefinition(
    name="totals",
    node_defs=[extract, total],
    dependencies={
        dg.NodeInvocation("total", alias="grand_total"): {
            "values": dg.DependencyDefinition("extract")
        },
    },
).to_job()
# end_dependency_definition


# start_serdes
def round_trip(key: dg.AssetKey) -> dg.AssetKey:
    text = dg.serialize_value(key)  # a JSON string
    return dg.deserialize_value(text, as_type=dg.AssetKey)
# end_serdes


defs = dg.Definitions(assets=[flaky_download, vendor_feed], jobs=[totals_job])
