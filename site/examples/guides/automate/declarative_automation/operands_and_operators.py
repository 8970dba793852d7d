import dagster as dg

# start_boolean
AC = dg.AutomationCondition

# True when the asset is missing and nothing is already computing it.
missing_and_idle = AC.missing() & ~AC.in_progress()

# True when either a dependency updated or the code version changed.
dep_or_code_changed = AC.any_deps_updated() | AC.code_version_changed()
# end_boolean


# start_since
# A dependency updated at some point since this asset was last requested
# or updated: the request is remembered across ticks until it is handled.
dep_updated_since_handled = AC.any_deps_updated().since_last_handled()

# The same idea with an explicit reset: the code version changed, and the
# asset has not been requested since.
code_changed_since_request = AC.code_version_changed().since(AC.newly_requested())
# end_since


# start_newly_true
# True only on the tick the asset first goes missing, not on every tick after.
just_went_missing = AC.missing().newly_true()
# end_newly_true


# start_deps
# Any dependency in the "raw" group failed its latest execution.
raw_dep_failed = AC.any_deps_match(AC.execution_failed()).allow(
    dg.AssetSelection.groups("raw")
)

# Every dependency except the reference tables has updated since 06:00.
all_but_reference_updated = AC.all_deps_match(
    AC.newly_updated().since(AC.cron_tick_passed("0 6 * * *"))
).ignore(dg.AssetSelection.groups("reference"))
# end_deps


# start_checks
# All blocking checks on this asset passed against its latest materialization.
checks_ok = AC.all_checks_match(AC.check_passed(), blocking_only=True)
# end_checks


# start_assets
@dg.asset(group_name="raw")
def raw_events() -> list[int]:
    return [1, 2, 3]


@dg.asset(group_name="reference")
def country_codes() -> dict:
    return {"DE": "Germany"}


@dg.asset(
    deps=[raw_events, country_codes],
    automation_condition=all_but_reference_updated & ~raw_dep_failed & ~AC.in_progress(),
)
def enriched_events() -> None: ...


@dg.asset(deps=[raw_events], automation_condition=missing_and_idle)
def event_counts() -> None: ...
# end_assets


# start_definitions
defs = dg.Definitions(assets=[raw_events, country_codes, enriched_events, event_counts])
# end_definitions
