import datetime

import dagster as dg
from dagster_aws.ssm import ParameterStoreResource, SSMResource

SETTINGS_PATH = "/acme/prod/exports"
WATERMARK_PARAMETER = "/acme/prod/state/last_export_date"


# start_parameter_store
@dg.asset
def customer_export_batches(parameter_store: ParameterStoreResource) -> list[list[int]]:
    # fetch_parameters() returns {parameter name: value} for every parameter
    # the resource selects (here: everything under /acme/prod/exports).
    settings = parameter_store.fetch_parameters()
    batch_size = int(settings[f"{SETTINGS_PATH}/batch_size"])

    customer_ids = list(range(1, 1001))
    return [
        customer_ids[start : start + batch_size]
        for start in range(0, len(customer_ids), batch_size)
    ]


# end_parameter_store


# start_ssm_resource
@dg.asset(deps=[customer_export_batches])
def export_watermark(context: dg.AssetExecutionContext, ssm: SSMResource) -> dg.MaterializeResult:
    # get_client() returns a boto3 SSM client: use it to read and write any parameter.
    today = datetime.date.today().isoformat()
    ssm.get_client().put_parameter(
        Name=WATERMARK_PARAMETER,
        Value=today,
        Type="String",
        Overwrite=True,
    )
    context.log.info(f"Set {WATERMARK_PARAMETER} to {today}")
    return dg.MaterializeResult(metadata={"last_export_date": today})


# end_ssm_resource


# start_definitions
defs = dg.Definitions(
    assets=[customer_export_batches, export_watermark],
    resources={
        "parameter_store": ParameterStoreResource(
            region_name="us-east-1",
            parameter_paths=[SETTINGS_PATH],
            # Decrypt SecureString parameters; plain String parameters are unaffected.
            with_decryption=True,
        ),
        "ssm": SSMResource(region_name="us-east-1"),
    },
)
# end_definitions
