import dagster as dg
from dagster_mysql import MySQLResource


@dg.asset
def active_customer_count(mysql: MySQLResource) -> int:
    # get_connection() opens a mysql.connector connection and closes it when
    # the block ends.
    with mysql.get_connection() as conn:
        cursor = conn.cursor()
        cursor.execute("SELECT COUNT(*) FROM customers WHERE active = 1")
        (count,) = cursor.fetchone()
        cursor.close()
    return count


defs = dg.Definitions(
    assets=[active_customer_count],
    resources={
        "mysql": MySQLResource(
            host=dg.EnvVar("MYSQL_HOST"),
            port=3306,
            user="analytics",
            password=dg.EnvVar("MYSQL_PASSWORD"),
            database="shop",
            additional_parameters={"connection_timeout": 10},
        )
    },
)
