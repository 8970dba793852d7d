# Tests a reader puts next to unit_testing.py and runs with pytest.
import dagster as dg
import unit_testing as pipeline
from unit_testing import MailingListClient, ThresholdConfig


# start_test_direct_call
def test_normalized_signups():
    rows = [{"email": "B@x.io"}, {"email": "a@x.io"}]
    assert pipeline.normalized_signups(rows) == ["a@x.io", "b@x.io"]


# end_test_direct_call


# start_test_with_context
def test_signup_count():
    context = dg.build_asset_context()
    assert pipeline.signup_count(context, ["a@x.io", "b@x.io"]) == 2


# end_test_with_context


# start_test_with_config
def test_enough_signups():
    assert pipeline.enough_signups(ThresholdConfig(minimum=3), 2) is False
    assert pipeline.enough_signups(ThresholdConfig(minimum=2), 2) is True


# end_test_with_config


# start_test_with_resource
class FakeMailingList(MailingListClient):
    def subscribe(self, emails: list[str]) -> int:
        return len(emails)


def test_subscribed():
    fake = FakeMailingList(api_url="unused")
    assert pipeline.subscribed(mailing_list=fake, normalized_signups=["a@x.io"]) == 1


# end_test_with_resource


# start_test_partition
def test_daily_visits():
    context = dg.build_asset_context(partition_key="2024-05-01")
    assert pipeline.daily_visits(context) == "visits for 2024-05-01"


# end_test_partition


# start_test_materialize
def test_pipeline_end_to_end():
    result = dg.materialize(
        [
            pipeline.raw_signups,
            pipeline.normalized_signups,
            pipeline.signup_count,
            pipeline.enough_signups,
            pipeline.subscribed,
        ],
        resources={"mailing_list": FakeMailingList(api_url="unused")},
        run_config=dg.RunConfig(ops={"enough_signups": ThresholdConfig(minimum=2)}),
        instance=dg.DagsterInstance.ephemeral(),
    )
    assert result.success
    assert result.output_for_node("signup_count") == 2
    assert result.output_for_node("subscribed") == 2


# end_test_materialize


# start_test_op
def test_double_op():
    context = dg.build_op_context()
    assert pipeline.double(context, 21) == 42


def test_doubling_job():
    result = pipeline.doubling_job.execute_in_process()
    assert result.success
    assert result.output_for_node("double") == 2


# end_test_op
