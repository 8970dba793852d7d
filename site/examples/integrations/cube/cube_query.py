import time

import dagster as dg
from dagster_cube.cube_resource import CubeResource, cube_resource

# start_resource
cube = cube_resource.configured(
    {
        # Keep the trailing slash: endpoints are joined onto this URL.
        "instance_url": "https://acme.cubecloud.dev/cubejs-api/v1/",
        "api_key": {"env": "CUBE_API_TOKEN"},
    }
)
# end_resource


# start_asset
@dg.asset(kinds={"cube"})
def weekly_order_totals(
    context: dg.AssetExecutionContext, cube: dg.ResourceParam[CubeResource]
) -> list[dict]:
    query = {
        "query": {
            "measures": ["orders.count", "orders.total_amount"],
            "timeDimensions": [
                {
                    "dimension": "orders.created_at",
                    "granularity": "week",
                    "dateRange": "last 30 days",
                }
            ],
        }
    }
    for _ in range(30):
        response = cube.make_request(method="POST", endpoint="load", data=query)
        if response is None:
            # make_request logs the HTTP error and returns None instead of raising.
            raise dg.Failure("The Cube query failed; see the logs for the API error.")
        if response.get("error") != "Continue wait":
            break
        # Cube answers "Continue wait" while the query is still running.
        time.sleep(2)
    if "data" not in response:
        raise dg.Failure(f"Cube returned no data: {response.get('error')}")
    rows = response["data"]
    context.add_output_metadata({"rows": len(rows)})
    return rows


# end_asset

# start_definitions
defs = dg.Definitions(assets=[weekly_order_totals], resources={"cube": cube})
# end_definitions
