import dagster as dg
from dagster_hashicorp.vault import vault_resource


# start_op
@dg.op(required_resource_keys={"vault"})
def rotate_report_password(context: dg.OpExecutionContext) -> None:
    vault = context.resources.vault
    current = vault.read_secret(secret_path="secret/data/reports/db")
    context.log.info(f"Read {len(current)} keys from reports/db")
    vault.create_or_update_secret(
        secret_path="secret/data/reports/db", secret={**current, "rotated": "yes"}
    )


@dg.job(
    resource_defs={
        "vault": vault_resource.configured(
            {
                "url": "https://vault.acme.internal:8200",
                "auth_type": {
                    "approle": {
                        "role_id": {"env": "VAULT_ROLE_ID"},
                        "secret_id": {"env": "VAULT_SECRET_ID"},
                    }
                },
                "mount_point": "approle",
                "kv_engine_version": 2,
            }
        )
    }
)
def rotate_secrets_job():
    rotate_report_password()


# end_op

defs = dg.Definitions(jobs=[rotate_secrets_job])
