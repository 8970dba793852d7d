import dagster as dg

# start_after
@dg.asset
def source_table() -> None: ...


# Was: auto_materialize_policy=AutoMaterializePolicy.eager()
@dg.asset(deps=[source_table], automation_condition=dg.AutomationCondition.eager())
def staged_table() -> None: ...


# Was: AutoMaterializePolicy.eager().with_rules(
#     AutoMaterializeRule.materialize_on_cron("0 3 * * *")
# ).without_rules(AutoMaterializeRule.materialize_on_parent_updated())
@dg.asset(deps=[staged_table], automation_condition=dg.AutomationCondition.on_cron("0 3 * * *"))
def nightly_mart() -> None: ...
# end_after


# start_sensor
# Replaces the default sensor for these assets, and starts running at once.
automation_sensor = dg.AutomationConditionSensorDefinition(
    "automation_sensor",
    target=dg.AssetSelection.all(),
    default_status=dg.DefaultSensorStatus.RUNNING,
)
# end_sensor

defs = dg.Definitions(
    assets=[source_table, staged_table, nightly_mart], sensors=[automation_sensor]
)
