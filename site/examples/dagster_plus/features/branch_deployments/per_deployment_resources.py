import os

import dagster as dg
from dagster_snowflake import SnowflakeResource


# start_assets
@dg.asset
def raw_orders(snowflake: SnowflakeResource) -> None:
    with snowflake.get_connection() as conn:
        conn.cursor().execute(
            "create or replace table raw_orders as select * from landing.orders"
        )


@dg.asset(deps=[raw_orders])
def daily_revenue(snowflake: SnowflakeResource) -> None:
    with snowflake.get_connection() as conn:
        conn.cursor().execute(
            "create or replace table daily_revenue as "
            "select order_date, sum(amount) as revenue from raw_orders group by 1"
        )


# end_assets


# start_environment
def is_branch_deployment() -> bool:
    # Dagster+ sets this variable to "1" in the code servers and runs of a branch deployment.
    return os.getenv("DAGSTER_CLOUD_IS_BRANCH_DEPLOYMENT", "") == "1"


def clone_database_name() -> str:
    # One clone per pull request, such as PRODUCTION_CLONE_42.
    return f"PRODUCTION_CLONE_{os.environ['DAGSTER_CLOUD_PULL_REQUEST_ID']}"


def snowflake_for_this_deployment() -> SnowflakeResource:
    if is_branch_deployment():
        return SnowflakeResource(
            account=dg.EnvVar("SNOWFLAKE_ACCOUNT"),
            user=dg.EnvVar("SNOWFLAKE_BRANCH_USER"),
            password=dg.EnvVar("SNOWFLAKE_BRANCH_PASSWORD"),
            database=clone_database_name(),
            schema="ANALYTICS",
        )
    return SnowflakeResource(
        account=dg.EnvVar("SNOWFLAKE_ACCOUNT"),
        user=dg.EnvVar("SNOWFLAKE_USER"),
        password=dg.EnvVar("SNOWFLAKE_PASSWORD"),
        database="PRODUCTION",
        schema="ANALYTICS",
    )


# end_environment


# start_clone_ops
@dg.op
def drop_clone(snowflake_admin: SnowflakeResource) -> None:
    with snowflake_admin.get_connection() as conn:
        conn.cursor().execute(f"drop database if exists {clone_database_name()}")


@dg.op(ins={"after": dg.In(dg.Nothing)})
def clone_production(snowflake_admin: SnowflakeResource) -> None:
    with snowflake_admin.get_connection() as conn:
        conn.cursor().execute(
            f"create database {clone_database_name()} clone PRODUCTION"
        )


@dg.job
def clone_prod():
    clone_production(after=drop_clone())


@dg.job
def drop_prod_clone():
    drop_clone()


# end_clone_ops


# start_definitions
defs = dg.Definitions(
    assets=[raw_orders, daily_revenue],
    jobs=[clone_prod, drop_prod_clone],
    resources={
        "snowflake": snowflake_for_this_deployment(),
        # The clone jobs need a role that can read PRODUCTION and create databases.
        "snowflake_admin": SnowflakeResource(
            account=dg.EnvVar("SNOWFLAKE_ACCOUNT"),
            user=dg.EnvVar("SNOWFLAKE_ADMIN_USER"),
            password=dg.EnvVar("SNOWFLAKE_ADMIN_PASSWORD"),
        ),
    },
)
# end_definitions
