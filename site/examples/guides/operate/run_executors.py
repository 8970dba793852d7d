import dagster as dg


@dg.asset
def raw_events() -> list[int]:
    return [1, 2, 3]


@dg.asset
def event_summary(raw_events: list[int]) -> int:
    return sum(raw_events)


# start_in_process
@dg.op
def say_hello(context: dg.OpExecutionContext) -> str:
    context.log.info("hello")
    return "hello"


@dg.job(executor_def=dg.in_process_executor)
def quick_job():
    say_hello()


# end_in_process


# start_multiprocess
@dg.job(
    executor_def=dg.multiprocess_executor.configured(
        {
            "max_concurrent": 8,
            "start_method": {"forkserver": {}},
            "retries": {"enabled": {}},
        }
    )
)
def parallel_job():
    say_hello()


# end_multiprocess


# start_asset_job_executor
events_job = dg.define_asset_job(
    "events_job",
    selection=[raw_events, event_summary],
    executor_def=dg.in_process_executor,
)
# end_asset_job_executor


# start_definitions_executor
defs = dg.Definitions(
    assets=[raw_events, event_summary],
    jobs=[quick_job, parallel_job, events_job],
    # Every job that does not set its own executor uses this one.
    executor=dg.multiprocess_executor.configured({"max_concurrent": 4}),
)
# end_definitions_executor
