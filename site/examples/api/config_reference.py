import dagster as dg


# Pythonic config: a pydantic model whose fields become the run config schema.
class ReportConfig(dg.Config):
    region: str = "eu"
    limit: int = 100


@dg.asset
def sales_report(config: ReportConfig) -> str:
    return f"{config.region}:{config.limit}"


# The same idea with the classic schema types, on an op.
@dg.op(
    config_schema={
        "region": dg.Field(dg.Enum("Region", [dg.EnumValue("eu"), dg.EnumValue("us")])),
        "limit": dg.Field(int, default_value=100, is_required=False),
        "api_token": dg.Field(dg.StringSource, is_secret=True),
        "labels": dg.Field(dg.Map(str, str), default_value={}, is_required=False),
        "note": dg.Field(dg.Noneable(str), default_value=None, is_required=False),
    }
)
def fetch_sales(context: dg.OpExecutionContext) -> int:
    return context.op_config["limit"]


# A graph that exposes one simple setting and expands it into the op's config.
@dg.config_mapping(config_schema={"region": str})
def simplified_config(values: dict) -> dict:
    return {
        "ops": {
            "fetch_sales": {
                "config": {"region": values["region"], "api_token": {"env": "SALES_TOKEN"}}
            }
        }
    }


@dg.job(config=simplified_config)
def sales_job():
    fetch_sales()


# Run config built with typed objects instead of nested dicts.
report_run_config = dg.RunConfig(ops={"sales_report": ReportConfig(region="us", limit=5)})

defs = dg.Definitions(assets=[sales_report], jobs=[sales_job])
