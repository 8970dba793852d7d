import dagster as dg
from dagster_airlift.core import assets_with_task_mappings

# The module the PythonOperator's python_callable came from.
from signups import SAMPLE_SIGNUPS_CSV, count_signups_by_plan, write_report


# start_asset
class SignupReportConfig(dg.Config):
    """What the task received as op_kwargs, now run configuration."""

    signups_csv: str = str(SAMPLE_SIGNUPS_CSV)
    report_path: str = "reports/signups_by_plan.json"


@dg.asset(kinds={"python"})
def signups_by_plan(config: SignupReportConfig) -> dg.MaterializeResult:
    counts = count_signups_by_plan(config.signups_csv)
    write_report(counts, config.report_path)
    return dg.MaterializeResult(
        metadata={"signups": sum(counts.values()), "plans": len(counts)}
    )


# end_asset


# start_partitioned
daily_partitions = dg.DailyPartitionsDefinition(start_date="2025-03-01")


@dg.asset(partitions_def=daily_partitions, kinds={"python"})
def daily_signups(context: dg.AssetExecutionContext, config: SignupReportConfig) -> dict:
    # The partition key plays the role of Airflow's {{ ds }}: the day to process.
    return count_signups_by_plan(config.signups_csv, day=context.partition_key)


# end_partitioned


# start_xcom
@dg.asset(partitions_def=daily_partitions, kinds={"python"})
def daily_pro_share(daily_signups: dict) -> float:
    # Receives daily_signups' return value for the same day, where an Airflow
    # task would have pulled it from XCom.
    total = sum(daily_signups.values())
    return round(daily_signups.get("pro", 0) / total, 3) if total else 0.0


# end_xcom


# start_mapping
defs = dg.Definitions(
    assets=[
        # While the DAG still runs in Airflow, map the asset to the task it
        # replaces so that proxying the task runs this asset.
        *assets_with_task_mappings(
            dag_id="signup_reports",
            task_mappings={"count_signups": [signups_by_plan]},
        ),
        daily_signups,
        daily_pro_share,
    ],
)
# end_mapping
