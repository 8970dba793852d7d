from dagster_spark import create_spark_op, spark_resource

import dagster as dg

# start_op
# An op that runs `spark-submit --class com.example.DailyRollup <application_jar>`.
daily_rollup = create_spark_op(name="daily_rollup", main_class="com.example.DailyRollup")


@dg.job(resource_defs={"spark": spark_resource})
def rollup_job():
    daily_rollup()


# end_op

# start_run_config
# The op's config: where the cluster is, which jar to submit, and Spark settings.
rollup_run_config = {
    "ops": {
        "daily_rollup": {
            "config": {
                "master_url": "spark://spark-master:7077",
                "deploy_mode": "cluster",
                "application_jar": "/opt/jobs/rollup.jar",
                "application_arguments": "--date 2026-01-01",
                "spark_conf": {"spark": {"executor": {"memory": "4g"}}},
            }
        }
    }
}
# end_run_config

defs = dg.Definitions(jobs=[rollup_job])
