import dagster as dg
from dagster_teradata import TeradataResource

# start_resource
teradata = TeradataResource(
    host=dg.EnvVar("TERADATA_HOST"),
    user=dg.EnvVar("TERADATA_USER"),
    password=dg.EnvVar("TERADATA_PASSWORD"),
    database="analytics",
)
# end_resource


# start_asset
@dg.asset
def active_customers(teradata: TeradataResource) -> int:
    with teradata.get_connection() as conn:
        cursor = conn.cursor()
        cursor.execute("select count(*) from customers where status = 'active'")
        (count,) = cursor.fetchone()
    return count


# end_asset

defs = dg.Definitions(assets=[active_customers], resources={"teradata": teradata})
