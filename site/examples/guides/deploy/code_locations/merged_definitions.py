"""Combine Definitions from several modules into the one a code location loads."""

import dagster as dg


# start_merge
@dg.asset
def customers() -> list[str]:
    return ["acme", "globex"]


@dg.asset
def invoices() -> list[dict]:
    return [{"customer": "acme", "amount": 120}]


# Each team keeps its own Definitions, for example in its own module...
crm_defs = dg.Definitions(assets=[customers])
billing_defs = dg.Definitions(
    assets=[invoices],
    jobs=[dg.define_asset_job("billing_job", selection=[invoices])],
)

# ...and the code location loads the merged result.
defs = dg.Definitions.merge(crm_defs, billing_defs)
# end_merge
