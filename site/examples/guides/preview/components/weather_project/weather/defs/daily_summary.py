import dagster as dg


# start_plain_asset
@dg.asset(
    group_name="weather",
    deps=[dg.AssetKey(["weather", "stations"]), dg.AssetKey(["weather", "observations"])],
)
def daily_summary(context: dg.AssetExecutionContext) -> None:
    """A plain Python asset in the defs folder, next to the component instances."""
    context.log.info("Summarizing today's observations per station")


# end_plain_asset
