# docs-example: no-import
# dagster-perian 0.1.1 requires dagster-docker 0.24.x; the file is only checked to be valid Python.
import dagster as dg
from dagster_perian.operations import create_perian_job, get_perian_job
from dagster_perian.resources import perian_job_resource

# start_job
@dg.job(resource_defs={"perian_job_manager": perian_job_resource})
def train_on_perian():
    get_perian_job(create_perian_job())


# end_job

defs = dg.Definitions(jobs=[train_on_perian])
