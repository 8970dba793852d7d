"""Tags on assets, asset jobs and runs."""

import dagster as dg


# start_asset_tags
@dg.asset(tags={"domain": "marketing", "pii": "", "tier": "gold"})
def email_subscribers() -> list[str]:
    return ["a@example.com", "b@example.com"]


@dg.asset(tags={"domain": "marketing", "tier": "silver"})
def subscriber_count(email_subscribers: list[str]) -> int:
    return len(email_subscribers)


# end_asset_tags


# start_spec_tags
newsletter_archive = dg.AssetSpec(
    "newsletter_archive", tags={"domain": "marketing", "managed_by": "vendor"}
)
# end_spec_tags


# start_job_tags
marketing_job = dg.define_asset_job(
    name="marketing_job",
    selection="tag:domain=marketing",
    # Job tags describe the job; without run_tags they are also added to every run.
    tags={"team": "growth"},
    # Run tags go on each run this job launches.
    run_tags={"cost_center": "cc-042"},
)
# end_job_tags


# start_definitions
defs = dg.Definitions(
    assets=[email_subscribers, subscriber_count, newsletter_archive],
    jobs=[marketing_job],
)
# end_definitions
