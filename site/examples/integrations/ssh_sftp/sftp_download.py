from pathlib import Path

import dagster as dg
from dagster_ssh import SSHResource

# start_resource
sftp = SSHResource(
    remote_host=dg.EnvVar("SFTP_HOST"),
    remote_port=22,  # set it: when left unset, dagster-ssh 0.29 connects to port 0
    username=dg.EnvVar("SFTP_USER"),
    key_file=dg.EnvVar("SFTP_KEY_FILE"),
    no_host_key_check=False,
)
# end_resource


# start_asset
@dg.asset
def partner_orders_file(sftp: SSHResource) -> dg.MaterializeResult:
    local_path = Path("partner_orders.csv")
    sftp.sftp_get(remote_filepath="/outbound/orders.csv", local_filepath=str(local_path))
    return dg.MaterializeResult(metadata={"size_bytes": local_path.stat().st_size})


# end_asset

defs = dg.Definitions(assets=[partner_orders_file], resources={"sftp": sftp})
