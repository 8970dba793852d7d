import dagster as dg

daily = dg.DailyPartitionsDefinition(start_date="2026-01-01", timezone="Europe/Paris")
regions = dg.StaticPartitionsDefinition(["eu", "us"])
stores = dg.DynamicPartitionsDefinition(name="stores")


@dg.asset(partitions_def=daily, backfill_policy=dg.BackfillPolicy.single_run())
def daily_sales(context: dg.AssetExecutionContext) -> None:
    # With a single-run backfill, one run covers a whole range of days.
    window = context.partition_time_window
    context.log.info(f"Loading sales from {window.start} to {window.end}")


# Each day reads the previous day's sales as well as its own.
@dg.asset(
    partitions_def=daily,
    deps=[
        dg.AssetDep(
            daily_sales,
            partition_mapping=dg.TimeWindowPartitionMapping(start_offset=-1),
        )
    ],
)
def two_day_sales(context: dg.AssetExecutionContext) -> None:
    context.log.info(f"Computing {context.partition_key}")


@dg.asset(
    partitions_def=dg.MultiPartitionsDefinition({"date": daily, "region": regions})
)
def regional_sales(context: dg.AssetExecutionContext) -> dict[str, str]:
    key = context.partition_key
    assert isinstance(key, dg.MultiPartitionKey)
    return key.keys_by_dimension


@dg.asset(partitions_def=stores)
def store_report(context: dg.AssetExecutionContext) -> str:
    return f"report for {context.partition_key}"


# Adds a partition to `stores` for each store the sensor discovers.
@dg.sensor(target=[store_report])
def new_stores(context: dg.SensorEvaluationContext) -> dg.SensorResult:
    discovered = ["lyon", "paris"]  # a real sensor would read these from a system
    known = set(context.instance.get_dynamic_partitions("stores"))
    added = [name for name in discovered if name not in known]
    return dg.SensorResult(
        run_requests=[dg.RunRequest(partition_key=name) for name in added],
        dynamic_partitions_requests=[stores.build_add_request(added)],
    )


daily_sales_job = dg.define_asset_job("daily_sales_job", selection=[daily_sales])
daily_sales_schedule = dg.build_schedule_from_partitioned_job(daily_sales_job, hour_of_day=3)

defs = dg.Definitions(
    assets=[daily_sales, two_day_sales, regional_sales, store_report],
    jobs=[daily_sales_job],
    schedules=[daily_sales_schedule],
    sensors=[new_stores],
)
