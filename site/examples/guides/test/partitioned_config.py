import datetime

import dagster as dg


# start_partitioned_config
class ExtractConfig(dg.Config):
    start: str
    end: str


@dg.op
def extract_events(context: dg.OpExecutionContext, config: ExtractConfig) -> str:
    context.log.info(f"Extracting events from {config.start} to {config.end}")
    return f"{config.start}/{config.end}"


@dg.daily_partitioned_config(start_date=datetime.datetime(2024, 1, 1))
def daily_extract_config(start: datetime.datetime, end: datetime.datetime) -> dg.RunConfig:
    return dg.RunConfig(
        ops={
            "extract_events": ExtractConfig(
                start=start.strftime("%Y-%m-%d"), end=end.strftime("%Y-%m-%d")
            )
        }
    )


@dg.job(config=daily_extract_config)
def daily_extract_job():
    extract_events()


# end_partitioned_config


# start_static_config
REGION_BUCKETS = {"us": "s3://sales-us", "eu": "s3://sales-eu"}


class ExportConfig(dg.Config):
    bucket: str


@dg.op
def export_sales(config: ExportConfig) -> str:
    return config.bucket


@dg.static_partitioned_config(partition_keys=list(REGION_BUCKETS))
def region_config(partition_key: str) -> dg.RunConfig:
    return dg.RunConfig(ops={"export_sales": ExportConfig(bucket=REGION_BUCKETS[partition_key])})


@dg.job(config=region_config)
def regional_export_job():
    export_sales()


# end_static_config


# start_partitioned_asset
weekly = dg.WeeklyPartitionsDefinition(start_date="2024-01-01")


@dg.asset(partitions_def=weekly)
def weekly_signups(context: dg.AssetExecutionContext) -> str:
    window = context.partition_time_window
    return f"{window.start:%Y-%m-%d}..{window.end:%Y-%m-%d}"


weekly_signups_job = dg.define_asset_job("weekly_signups_job", selection=[weekly_signups])
# end_partitioned_asset


defs = dg.Definitions(
    assets=[weekly_signups],
    jobs=[daily_extract_job, regional_export_job, weekly_signups_job],
)
