"""Declaring dependencies between assets: deps=, function parameters, AssetDep and cross-group links."""

import json
from pathlib import Path

import dagster as dg

DATA_DIR = Path("data")


# start_deps
@dg.asset(group_name="ingest")
def raw_events() -> None:
    """Writes raw events to a JSON file that downstream assets read."""
    DATA_DIR.mkdir(exist_ok=True)
    events = [
        {"user": "u1", "action": "login"},
        {"user": "u2", "action": "purchase"},
        {"user": "u1", "action": "purchase"},
    ]
    (DATA_DIR / "raw_events.json").write_text(json.dumps(events))


@dg.asset(deps=[raw_events], group_name="ingest")
def purchase_events() -> None:
    """Reads the raw file and keeps only purchases."""
    events = json.loads((DATA_DIR / "raw_events.json").read_text())
    purchases = [event for event in events if event["action"] == "purchase"]
    (DATA_DIR / "purchase_events.json").write_text(json.dumps(purchases))


# end_deps


# start_param_deps
@dg.asset(group_name="reporting")
def signups() -> list[str]:
    return ["u1", "u2", "u3"]


@dg.asset(group_name="reporting")
def signup_count(signups: list[str]) -> int:
    # The parameter name `signups` tells Dagster which upstream asset to load.
    return len(signups)


# end_param_deps


# start_asset_in
@dg.asset(group_name="reporting", ins={"users": dg.AssetIn(key="signups")})
def signup_preview(users: list[str]) -> str:
    # `AssetIn` maps the parameter `users` to the asset key `signups`.
    return ", ".join(users[:2])


# end_asset_in


# start_asset_dep
@dg.asset(
    group_name="reporting",
    deps=[
        dg.AssetDep(purchase_events, metadata={"reason": "reads purchases file"}),
        dg.AssetDep(dg.AssetKey(["crm", "accounts"])),
    ],
)
def purchases_per_user() -> dg.MaterializeResult:
    purchases = json.loads((DATA_DIR / "purchase_events.json").read_text())
    users = {event["user"] for event in purchases}
    return dg.MaterializeResult(metadata={"buyers": len(users)})


# end_asset_dep


# start_external_upstream
crm_accounts = dg.AssetSpec(
    key=["crm", "accounts"],
    description="Account table maintained by the CRM vendor.",
    group_name="external",
)
# end_external_upstream


# start_definitions
defs = dg.Definitions(
    assets=[
        raw_events,
        purchase_events,
        signups,
        signup_count,
        signup_preview,
        purchases_per_user,
        crm_accounts,
    ]
)
# end_definitions
