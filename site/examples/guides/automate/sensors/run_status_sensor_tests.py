# start_test_success
import dagster as dg

from run_status_sensors import (
    alert_on_orders_failure,
    dashboard_job,
    orders_job,
    refresh_dashboard_on_success,
)


def test_refresh_dashboard_on_success():
    instance = dg.DagsterInstance.ephemeral()
    # Run the monitored job for real, in process, on a throwaway instance.
    result = orders_job.execute_in_process(instance=instance)
    assert result.success

    # The event the sensor reacts to: the run's success event.
    success_event = result.get_run_success_event()
    context = dg.build_run_status_sensor_context(
        sensor_name="refresh_dashboard_on_success",
        dagster_instance=instance,
        dagster_run=result.dagster_run,
        dagster_event=success_event,
    )

    run_request = refresh_dashboard_on_success(context)
    assert run_request.run_key == result.run_id
    # The requested job accepts the config the sensor built.
    assert dg.validate_run_config(dashboard_job, run_request.run_config)
# end_test_success


# start_test_failure
@dg.op
def broken_load() -> int:
    raise ValueError("source table is locked")


@dg.job
def failing_orders_job():
    broken_load()


def test_alert_on_orders_failure(capsys):
    instance = dg.DagsterInstance.ephemeral()
    result = failing_orders_job.execute_in_process(instance=instance, raise_on_error=False)
    assert not result.success

    failure_event = result.get_run_failure_event()
    context = dg.build_run_status_sensor_context(
        sensor_name="alert_on_orders_failure",
        dagster_instance=instance,
        dagster_run=result.dagster_run,
        dagster_event=failure_event,
    ).for_run_failure()

    alert_on_orders_failure(context)
    assert "Job failing_orders_job failed" in capsys.readouterr().out
# end_test_failure
