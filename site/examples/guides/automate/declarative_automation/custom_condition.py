import datetime

import dagster as dg

# start_custom_condition
# Dates on which nothing should be computed automatically.
FREEZE_DATES = {datetime.date(2024, 12, 24), datetime.date(2024, 12, 31)}


class OutsideChangeFreeze(dg.AutomationCondition):
    """True for every candidate unless the evaluation time falls on a freeze date."""

    @property
    def description(self) -> str:
        return "Not a change-freeze date"

    def evaluate(self, context: dg.AutomationContext) -> dg.AutomationResult:
        if context.evaluation_time.date() in FREEZE_DATES:
            true_subset = context.get_empty_subset()
        else:
            true_subset = context.candidate_subset
        return dg.AutomationResult(context=context, true_subset=true_subset)
# end_custom_condition


# start_use_custom_condition
@dg.asset
def ledger_entries() -> None: ...


@dg.asset(
    deps=[ledger_entries],
    automation_condition=dg.AutomationCondition.eager() & OutsideChangeFreeze(),
)
def general_ledger() -> None: ...


# Custom conditions run in your code location, so the sensor that evaluates
# them must opt in to evaluating there.
ledger_sensor = dg.AutomationConditionSensorDefinition(
    "ledger_sensor",
    target=dg.AssetSelection.assets(general_ledger),
    use_user_code_server=True,
)
# end_use_custom_condition

defs = dg.Definitions(assets=[ledger_entries, general_ledger], sensors=[ledger_sensor])
