# start_test_run_keys
import os

import dagster as dg

import file_sensor
import sensor_resources


def test_new_file_sensor(tmp_path, monkeypatch):
    (tmp_path / "orders.csv").write_text("id\n1\n")
    (tmp_path / "refunds.csv").write_text("id\n2\n")
    monkeypatch.setenv("DROP_FOLDER", str(tmp_path))

    run_requests = file_sensor.new_file_sensor(dg.build_sensor_context())

    assert [r.run_key for r in run_requests] == ["orders.csv", "refunds.csv"]
# end_test_run_keys


# start_test_cursor
def test_modified_file_sensor_advances_cursor(tmp_path, monkeypatch):
    data_file = tmp_path / "orders.csv"
    data_file.write_text("id\n1\n")
    os.utime(data_file, (1_700_000_000, 1_700_000_000))
    monkeypatch.setenv("DROP_FOLDER", str(tmp_path))

    # First tick: no cursor yet, so the file is new.
    first = file_sensor.modified_file_sensor(dg.build_sensor_context())
    assert len(first.run_requests) == 1
    assert first.cursor == "1700000000.0"

    # Second tick: pass the cursor from the first tick; nothing changed.
    second = file_sensor.modified_file_sensor(dg.build_sensor_context(cursor=first.cursor))
    assert second.run_requests == []
# end_test_cursor


# start_test_double
class FakeTicketingClient(dg.ConfigurableResource):
    """Same method as TicketingClient, with canned data instead of HTTP calls."""

    ticket_ids: list[int]

    def list_new_ticket_ids(self, since_id: int) -> list[int]:
        return [ticket for ticket in self.ticket_ids if ticket > since_id]


def test_new_tickets_sensor():
    context = dg.build_sensor_context(
        cursor="10", resources={"ticketing": FakeTicketingClient(ticket_ids=[9, 11, 12])}
    )
    result = sensor_resources.new_tickets_sensor(context)

    assert [r.run_key for r in result.run_requests] == ["tickets-12"]
    assert result.cursor == "12"
# end_test_double
