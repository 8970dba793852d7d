"""Graphs: reusable sets of ops, graph-backed jobs and graph-backed assets."""

import dagster as dg


# start_ops
@dg.op
def download_rows() -> list[dict]:
    return [{"sku": "A-1", "qty": 3}, {"sku": "B-2", "qty": 0}, {"sku": "C-3", "qty": 7}]


@dg.op
def drop_empty(rows: list[dict]) -> list[dict]:
    return [row for row in rows if row["qty"] > 0]


@dg.op
def add_flags(rows: list[dict]) -> list[dict]:
    return [{**row, "bulk": row["qty"] >= 5} for row in rows]


@dg.op
def total_quantity(rows: list[dict]) -> int:
    return sum(row["qty"] for row in rows)


# end_ops


# start_graph
@dg.graph
def clean_rows(rows: list[dict]) -> list[dict]:
    # A graph wires ops together; it takes inputs and returns outputs like an op.
    return add_flags(drop_empty(rows))


# end_graph


# start_graph_in_job
@dg.job
def inventory_job():
    # The graph is used like a single op; its ops show up nested in the UI.
    total_quantity(clean_rows(download_rows()))


# end_graph_in_job


# start_graph_to_job
@dg.graph
def inventory_graph():
    total_quantity(clean_rows(download_rows()))


# One graph, two jobs: for example with different tags or executors.
inventory_local_job = inventory_graph.to_job(name="inventory_local_job")
inventory_prod_job = inventory_graph.to_job(
    name="inventory_prod_job", tags={"environment": "production"}
)
# end_graph_to_job


# start_graph_asset
@dg.graph_asset
def stocked_items() -> list[dict]:
    # One asset, computed by several ops. Its value is the graph's output.
    return clean_rows(download_rows())


@dg.asset
def stocked_item_count(stocked_items: list[dict]) -> int:
    return len(stocked_items)


# end_graph_asset


# start_graph_multi_asset
@dg.op(out={"bulk": dg.Out(), "single": dg.Out()})
def split_bulk(rows: list[dict]) -> tuple[list[dict], list[dict]]:
    return [r for r in rows if r["bulk"]], [r for r in rows if not r["bulk"]]


@dg.graph_multi_asset(outs={"bulk_items": dg.AssetOut(), "single_items": dg.AssetOut()})
def items_by_size():
    bulk, single = split_bulk(clean_rows(download_rows()))
    # Map each graph output to the asset with the same name.
    return {"bulk_items": bulk, "single_items": single}


# end_graph_multi_asset


defs = dg.Definitions(
    assets=[stocked_items, stocked_item_count, items_by_size],
    jobs=[inventory_job, inventory_local_job, inventory_prod_job],
)
