"""A small asset graph for trying out the asset selection syntax."""

import dagster as dg


# start_graph
@dg.asset(
    key=["raw", "orders"],
    group_name="ingest",
    kinds={"duckdb"},
    owners=["team:platform"],
    tags={"tier": "bronze"},
)
def raw_orders() -> None: ...


@dg.asset(
    key=["raw", "customers"],
    group_name="ingest",
    kinds={"duckdb"},
    owners=["team:platform"],
    tags={"tier": "bronze"},
)
def raw_customers() -> None: ...


@dg.asset(
    deps=[raw_orders, raw_customers],
    group_name="transform",
    kinds={"duckdb", "sql"},
    tags={"tier": "silver"},
)
def customer_orders() -> None: ...


@dg.asset(
    deps=[customer_orders],
    group_name="analytics",
    kinds={"pandas"},
    owners=["ana@example.com"],
    tags={"tier": "gold"},
)
def revenue_dashboard() -> None: ...


@dg.asset(
    deps=[customer_orders],
    group_name="analytics",
    kinds={"python"},
    owners=["ana@example.com"],
)
def churn_model() -> None: ...


# end_graph


# start_string_jobs
# Everything that feeds the dashboard, and the dashboard itself.
dashboard_job = dg.define_asset_job(
    name="dashboard_job", selection="+key:revenue_dashboard"
)

# The raw layer, except for customers.
raw_orders_job = dg.define_asset_job(
    name="raw_orders_job", selection='key:"raw/*" and not key:"raw/customers"'
)

# All assets owned by Ana that are not built with pandas.
ana_job = dg.define_asset_job(
    name="ana_job", selection='owner:"ana@example.com" and not kind:pandas'
)
# end_string_jobs


# start_python_jobs
# The same selections written with the Python API.
dashboard_job_py = dg.define_asset_job(
    name="dashboard_job_py",
    selection=dg.AssetSelection.assets(revenue_dashboard).upstream(),
)

raw_orders_job_py = dg.define_asset_job(
    name="raw_orders_job_py",
    selection=dg.AssetSelection.key_prefixes("raw")
    - dg.AssetSelection.assets(["raw", "customers"]),
)

ana_job_py = dg.define_asset_job(
    name="ana_job_py",
    selection=dg.AssetSelection.owner("ana@example.com")
    - dg.AssetSelection.kind("pandas"),
)
# end_python_jobs


# start_definitions
defs = dg.Definitions(
    assets=[raw_orders, raw_customers, customer_orders, revenue_dashboard, churn_model],
    jobs=[
        dashboard_job,
        raw_orders_job,
        ana_job,
        dashboard_job_py,
        raw_orders_job_py,
        ana_job_py,
    ],
)
# end_definitions
