# start_test_decorated
import datetime

import dagster as dg

from configuring_job_behavior import daily_sales_schedule, defs, month_end_schedule
from schedule_resources import CalendarClient, settlement_schedule


def test_daily_sales_schedule():
    context = dg.build_schedule_context(
        scheduled_execution_time=datetime.datetime(2024, 3, 15, 1, 0)
    )
    run_request = daily_sales_schedule(context)

    assert run_request.run_key == "2024-03-14"
    assert run_request.tags["report_date"] == "2024-03-14"
    # The config the schedule produces must fit the job's config schema.
    job = defs.resolve_job_def("sales_report_job")
    assert dg.validate_run_config(job, run_request.run_config)
# end_test_decorated


# start_test_evaluate_tick
def test_month_end_schedule():
    context = dg.build_schedule_context(
        scheduled_execution_time=datetime.datetime(2024, 4, 1, 2, 0)
    )
    data = month_end_schedule.evaluate_tick(context)

    [run_request] = data.run_requests
    config = run_request.run_config["ops"]["sales_report"]["config"]
    assert config == {"report_date": "2024-04-01", "include_refunds": True}
    assert run_request.tags["weekday"] == "monday"
# end_test_evaluate_tick


# start_test_resource
def test_settlement_schedule_skips_holidays():
    context = dg.build_schedule_context(
        scheduled_execution_time=datetime.datetime(2024, 12, 25, 7, 0),
        resources={"calendar": CalendarClient(country="GB")},
    )
    result = settlement_schedule(context)

    assert isinstance(result, dg.SkipReason)
    assert result.skip_message == "2024-12-25 is a holiday in GB"
# end_test_resource
