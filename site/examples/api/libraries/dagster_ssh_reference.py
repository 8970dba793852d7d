from pathlib import Path

import dagster as dg
from dagster_ssh import SSHResource


@dg.asset
def partner_orders_file(context: dg.AssetExecutionContext, sftp: SSHResource) -> dg.MaterializeResult:
    """Download the partner's daily export over SFTP and count its rows."""
    local_path = Path(context.instance.storage_directory()) / "partner" / "orders.csv"
    # sftp_get creates the local folder, copies the file and returns the local path.
    sftp.sftp_get("/exports/orders.csv", str(local_path))
    rows = local_path.read_text().splitlines()[1:]  # skip the header
    return dg.MaterializeResult(metadata={"path": str(local_path), "row_count": len(rows)})


defs = dg.Definitions(
    assets=[partner_orders_file],
    resources={
        "sftp": SSHResource(
            remote_host="sftp.partner.example.com",
            remote_port=22,  # set it: unset, no port is passed to Paramiko
            username="acme",
            key_string=dg.EnvVar("PARTNER_SFTP_PRIVATE_KEY"),
            no_host_key_check=False,  # the host must be in ~/.ssh/known_hosts
        )
    },
)
