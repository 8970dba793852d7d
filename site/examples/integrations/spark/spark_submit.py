import dagster as dg
from dagster_spark import create_spark_op, spark_resource

# start_op
# An op that runs `spark-submit` for the main class of an application JAR.
compute_daily_totals = create_spark_op(
    name="compute_daily_totals",
    main_class="com.example.DailyTotals",
)


@dg.job(resource_defs={"spark": spark_resource})
def daily_totals_job():
    compute_daily_totals()


# end_op

defs = dg.Definitions(jobs=[daily_totals_job])
