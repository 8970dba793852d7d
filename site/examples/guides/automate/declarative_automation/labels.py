import datetime

import dagster as dg

# start_labels
AC = dg.AutomationCondition

# Name each part of the condition for the UI.
upstream_fresh = AC.all_deps_match(
    AC.newly_updated().since(AC.cron_tick_passed("0 * * * *"))
).with_label("all parents updated this hour")

not_busy = (~AC.in_progress()).with_label("not already running")

hourly_when_parents_ready = (
    AC.cron_tick_passed("0 * * * *").since_last_handled() & upstream_fresh & not_busy
).with_label("hourly, once parents are ready")
# end_labels


# start_assets
@dg.asset
def page_views() -> int:
    return 100


@dg.asset(deps=[page_views], automation_condition=hourly_when_parents_ready)
def hourly_traffic_report() -> None: ...
# end_assets


# start_replace
# Built-in conditions are built from labeled parts. Look up a label...
assert AC.eager().get_label() == "eager"

# ...and replace a part by its label or name: on_cron for the last three
# daily partitions instead of only the latest one.
on_cron_last_three_days = AC.on_cron("0 9 * * *").replace(
    "in_latest_time_window", AC.in_latest_time_window(datetime.timedelta(days=3))
)
# end_replace

# start_partitioned
daily = dg.DailyPartitionsDefinition(start_date="2024-01-01")


@dg.asset(partitions_def=daily, automation_condition=on_cron_last_three_days)
def daily_sessions() -> None: ...


defs = dg.Definitions(assets=[page_views, hourly_traffic_report, daily_sessions])
# end_partitioned
