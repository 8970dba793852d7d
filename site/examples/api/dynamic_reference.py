import dagster as dg


@dg.op(out=dg.DynamicOut(str))
def list_files():
    for name in ["a.csv", "b.csv", "c.csv"]:
        # A mapping key may contain only letters, digits and underscores.
        yield dg.DynamicOutput(name, mapping_key=name.replace(".", "_"))


@dg.op
def count_chars(file_name: str) -> int:
    return len(file_name)


@dg.op
def add_up(counts: list[int]) -> int:
    return sum(counts)


@dg.job
def fan_out_job():
    counts = list_files().map(count_chars)
    add_up(counts.collect())
