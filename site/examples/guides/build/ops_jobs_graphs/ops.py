"""Ops: units of computation with inputs, outputs, config and resources."""

import dagster as dg


# start_basic_op
@dg.op
def fetch_temperatures() -> list[float]:
    return [18.5, 21.0, 19.75, 23.25]


@dg.op
def average(context: dg.OpExecutionContext, values: list[float]) -> float:
    result = sum(values) / len(values)
    context.log.info(f"Average of {len(values)} values: {result:.2f}")
    return result


# end_basic_op


# start_op_config
class ThresholdConfig(dg.Config):
    limit: float = 20.0


@dg.op
def count_above(config: ThresholdConfig, values: list[float]) -> int:
    # config is filled from run config when the run starts.
    return sum(1 for value in values if value > config.limit)


# end_op_config


# start_multiple_outputs
@dg.op(
    out={
        "warm": dg.Out(list[float], description="Values at or above 20"),
        "cold": dg.Out(list[float], description="Values below 20"),
    }
)
def split_by_temperature(values: list[float]) -> tuple[list[float], list[float]]:
    # Return one value per output, in the order they are declared.
    warm = [v for v in values if v >= 20]
    cold = [v for v in values if v < 20]
    return warm, cold


# end_multiple_outputs


# start_op_resource
class AlertChannel(dg.ConfigurableResource):
    channel: str

    def send(self, message: str) -> str:
        # A real resource would call a chat or paging API here.
        return f"[{self.channel}] {message}"


@dg.op(tags={"team": "facilities"}, retry_policy=dg.RetryPolicy(max_retries=2, delay=5))
def send_alert(context: dg.OpExecutionContext, alerts: AlertChannel, hot_count: int) -> None:
    if hot_count:
        context.log.info(alerts.send(f"{hot_count} rooms are too warm"))


# end_op_resource


@dg.job
def temperature_ops_job():
    values = fetch_temperatures()
    average(values)
    warm, cold = split_by_temperature(values)
    average.alias("average_warm")(warm)
    average.alias("average_cold")(cold)
    send_alert(count_above(values))


defs = dg.Definitions(
    jobs=[temperature_ops_job],
    resources={"alerts": AlertChannel(channel="#facilities")},
)
