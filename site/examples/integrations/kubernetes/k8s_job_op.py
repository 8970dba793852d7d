import dagster as dg
from dagster_k8s import k8s_job_executor, k8s_job_op

# start_op
migrate_schema = k8s_job_op.configured(
    {
        "image": "acme/migrations:3.1",
        "command": ["alembic", "upgrade", "head"],
        "namespace": "data-jobs",
    },
    name="migrate_schema",
)


@dg.job(executor_def=k8s_job_executor)
def migration_job():
    migrate_schema()


# end_op

defs = dg.Definitions(jobs=[migration_job])
