import datetime
import hashlib
import hmac
import json

import dagster as dg
from dagster_aws.secretsmanager import SecretsManagerResource, SecretsManagerSecretsResource

SIGNING_KEY_SECRET = "partner-export-signing-key"


# start_secrets_resource
@dg.asset
def partner_export(secrets: SecretsManagerSecretsResource) -> dg.MaterializeResult:
    # fetch_secrets() returns {secret name: secret string} for every secret
    # the resource selects (here: all secrets tagged "dagster").
    signing_key = secrets.fetch_secrets()[SIGNING_KEY_SECRET]

    payload = json.dumps([{"sku": "A-100", "units": 12}, {"sku": "B-200", "units": 3}])
    signature = hmac.new(signing_key.encode(), payload.encode(), hashlib.sha256).hexdigest()
    # Record the signature, never the key itself.
    return dg.MaterializeResult(metadata={"signature": signature, "bytes": len(payload)})


# end_secrets_resource


# start_client_resource
@dg.asset_check(asset=partner_export)
def signing_key_rotated_recently(
    secretsmanager: SecretsManagerResource,
) -> dg.AssetCheckResult:
    # get_client() returns a boto3 Secrets Manager client.
    description = secretsmanager.get_client().describe_secret(SecretId=SIGNING_KEY_SECRET)
    changed = description["LastChangedDate"]
    age = datetime.datetime.now(tz=changed.tzinfo) - changed
    return dg.AssetCheckResult(
        passed=age < datetime.timedelta(days=90),
        metadata={"days_since_change": age.days},
    )


# end_client_resource


# start_definitions
defs = dg.Definitions(
    assets=[partner_export],
    asset_checks=[signing_key_rotated_recently],
    resources={
        "secrets": SecretsManagerSecretsResource(
            region_name="us-east-1",
            secrets_tag="dagster",
        ),
        "secretsmanager": SecretsManagerResource(region_name="us-east-1"),
    },
)
# end_definitions
