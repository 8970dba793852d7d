import dagster as dg


@dg.op
def fetch_prices() -> list[float]:
    return [10.0, 12.5, 11.0]


@dg.op
def average(prices: list[float]) -> float:
    return sum(prices) / len(prices)


@dg.op
def scale(value: float, factor: float) -> float:
    return value * factor


# A graph with one input and one output, reusable inside other graphs and jobs.
@dg.graph(
    ins={"factor": dg.GraphIn(description="Multiplier for the average.")},
    out=dg.GraphOut(description="The scaled average price."),
)
def scaled_average(factor: float):
    return scale(average(fetch_prices()), factor)


@dg.op
def one() -> float:
    return 1.0


# A single asset computed by several ops.
@dg.graph_asset
def average_price():
    return average(fetch_prices())


@dg.op
def lowest(prices: list[float]) -> float:
    return min(prices)


@dg.op
def highest(prices: list[float]) -> float:
    return max(prices)


# Two assets computed by one graph.
@dg.graph_multi_asset(outs={"min_price": dg.AssetOut(), "max_price": dg.AssetOut()})
def price_range():
    prices = fetch_prices()
    return {"min_price": lowest(prices), "max_price": highest(prices)}


@dg.graph
def unit_price():
    return scaled_average(one())


price_job = unit_price.to_job(name="price_job")

defs = dg.Definitions(assets=[average_price, price_range], jobs=[price_job])
