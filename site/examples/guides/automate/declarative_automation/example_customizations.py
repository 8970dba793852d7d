import dagster as dg

# start_setup
AC = dg.AutomationCondition


@dg.asset
def orders() -> None: ...


@dg.asset
def exchange_rates() -> None: ...
# end_setup


# start_ignore_deps
# Update when orders update, but not every time the exchange rates refresh.
@dg.asset(
    deps=[orders, exchange_rates],
    automation_condition=AC.eager().ignore(dg.AssetSelection.assets(exchange_rates)),
)
def orders_in_eur() -> None: ...
# end_ignore_deps


# start_allow_missing_deps
# eager() waits while a dependency is missing; this variant does not.
eager_with_missing_deps = AC.eager().without(~AC.any_deps_missing())


@dg.asset(deps=[orders, exchange_rates], automation_condition=eager_with_missing_deps)
def order_totals() -> None: ...
# end_allow_missing_deps


# start_cron_regardless_of_deps
# Every day at 02:00, whether or not the dependencies changed.
nightly_unconditional = AC.cron_tick_passed("0 2 * * *").since_last_handled() & ~AC.in_progress()


@dg.asset(deps=[orders], automation_condition=nightly_unconditional)
def nightly_snapshot() -> None: ...
# end_cron_regardless_of_deps


# start_code_version
# Run on the daily cron, and also right after a deployment changes the code version.
on_cron_or_new_code = AC.on_cron("0 6 * * *") | (
    AC.code_version_changed().since_last_handled() & ~AC.in_progress()
)


@dg.asset(deps=[orders], code_version="2", automation_condition=on_cron_or_new_code)
def order_forecast() -> None: ...
# end_code_version


# start_blocking_checks
@dg.asset
def customers() -> None: ...


@dg.asset_check(asset=customers, blocking=True)
def customers_have_ids() -> dg.AssetCheckResult:
    return dg.AssetCheckResult(passed=True)


# Only update after every blocking check on the parents has passed.
@dg.asset(
    deps=[customers],
    automation_condition=AC.eager() & AC.all_deps_blocking_checks_passed(),
)
def customer_segments() -> None: ...
# end_blocking_checks


# start_downstream
# The parent has no cadence of its own: it updates when a child's
# condition needs it to.
@dg.asset(automation_condition=AC.any_downstream_conditions())
def web_sessions() -> None: ...


@dg.asset(deps=[web_sessions], automation_condition=AC.on_cron("0 8 * * *"))
def sessions_report() -> None: ...
# end_downstream


# start_definitions
defs = dg.Definitions(
    assets=[
        orders,
        exchange_rates,
        orders_in_eur,
        order_totals,
        nightly_snapshot,
        order_forecast,
        customers,
        customer_segments,
        web_sessions,
        sessions_report,
    ],
    asset_checks=[customers_have_ids],
)
# end_definitions
