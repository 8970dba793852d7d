import dagster as dg


def _is_positive_list(context: dg.TypeCheckContext, value: object) -> dg.TypeCheck:
    if not isinstance(value, list):
        return dg.TypeCheck(success=False, description="Expected a list.")
    bad = [v for v in value if not isinstance(v, int) or v <= 0]
    return dg.TypeCheck(success=not bad, metadata={"bad_values": len(bad)})


PositiveInts = dg.DagsterType(
    name="PositiveInts",
    type_check_fn=_is_positive_list,
    description="A list of integers greater than zero.",
)


@dg.asset(dagster_type=PositiveInts)
def order_quantities() -> list[int]:
    return [3, 1, 7]


@dg.op(out=dg.Out(dg.Nothing))
def refresh_cache() -> None:
    pass


@dg.op(ins={"after": dg.In(dg.Nothing)})
def rebuild_index() -> None:
    pass


@dg.job
def cache_job():
    rebuild_index(after=refresh_cache())
