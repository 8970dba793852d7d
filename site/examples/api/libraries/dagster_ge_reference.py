# docs-example: no-import
import pandas as pd
from dagster_ge import ge_validation_op_factory
from dagster_ge.factory import GEContextResource

import dagster as dg

# start_op
# An op that validates its DataFrame input against the expectation suite
# "orders_suite" through a runtime data connector of the datasource "orders_source".
validate_orders = ge_validation_op_factory(
    name="validate_orders",
    datasource_name="orders_source",
    data_connector_name="runtime_connector",
    data_asset_name="orders",
    suite_name="orders_suite",
    batch_identifiers={"batch_id": "daily"},
)


@dg.op
def load_orders() -> pd.DataFrame:
    return pd.DataFrame({"order_id": [1, 2, 3], "amount": [19.9, 5.0, 42.0]})


@dg.job(
    resource_defs={
        # The op reads the Great Expectations data context from this key.
        "ge_data_context": GEContextResource(ge_root_dir="great_expectations"),
    }
)
def orders_quality():
    validate_orders(load_orders())


# end_op

defs = dg.Definitions(jobs=[orders_quality])
