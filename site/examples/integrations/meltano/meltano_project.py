# docs-example: no-import
# dagster-meltano needs dagster-shell, which has no release for this Dagster version;
# the file is only checked to be valid Python.
import dagster as dg
from dagster_meltano import load_jobs_from_meltano_project, meltano_resource, meltano_run_op

# start_jobs
# One Dagster job per job in meltano.yml, followed by one schedule per Meltano schedule.
meltano_defs = load_jobs_from_meltano_project("path/to/meltano_project")
meltano_jobs = [d for d in meltano_defs if isinstance(d, dg.JobDefinition)]
meltano_schedules = [d for d in meltano_defs if isinstance(d, dg.ScheduleDefinition)]
# end_jobs


# start_op
@dg.job(resource_defs={"meltano": meltano_resource})
def sync_github_to_postgres():
    meltano_run_op("tap-github target-postgres")()


# end_op

defs = dg.Definitions(jobs=[*meltano_jobs, sync_github_to_postgres], schedules=meltano_schedules)
