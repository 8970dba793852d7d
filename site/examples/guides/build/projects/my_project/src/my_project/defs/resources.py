# start_resources
import dagster as dg
from dagster_duckdb import DuckDBResource


@dg.definitions
def resources() -> dg.Definitions:
    # Resources defined here are available to every asset in the project.
    return dg.Definitions(resources={"duckdb": DuckDBResource(database="data/my_project.duckdb")})


# end_resources
