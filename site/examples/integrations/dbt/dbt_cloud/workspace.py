import os

from dagster_dbt import DbtCloudCredentials, DbtCloudWorkspace

# start_workspace
# Read from the environment. The defaults only let this module import where
# the variables are unset (in unit tests, for example); nothing is sent to
# dbt Cloud until a definition asks for the project's manifest.
dbt_cloud_credentials = DbtCloudCredentials(
    account_id=int(os.getenv("DBT_CLOUD_ACCOUNT_ID", "0")),
    access_url=os.getenv("DBT_CLOUD_ACCESS_URL", "https://cloud.getdbt.com"),
    token=os.getenv("DBT_CLOUD_TOKEN", ""),
)

dbt_cloud_workspace = DbtCloudWorkspace(
    credentials=dbt_cloud_credentials,
    project_id=int(os.getenv("DBT_CLOUD_PROJECT_ID", "0")),
    environment_id=int(os.getenv("DBT_CLOUD_ENVIRONMENT_ID", "0")),
)
# end_workspace
