"""Refreshes two tables for one day and reports each of them to Dagster."""

from dagster_pipes import open_dagster_pipes


def main() -> None:
    with open_dagster_pipes() as pipes:
        day = pipes.partition_key
        pipes.log.info(f"Refreshing {', '.join(pipes.asset_keys)} for {day}")

        raw_rows = 250
        skipped = 4
        pipes.report_asset_materialization(
            asset_key="raw_events",
            metadata={"row_count": raw_rows, "day": day},
        )
        pipes.report_asset_materialization(
            asset_key="daily_event_stats",
            metadata={
                "row_count": 24,
                "dashboard": {"raw_value": "https://example.com/events", "type": "url"},
            },
        )
        pipes.report_asset_check(
            asset_key="raw_events",
            check_name="few_skipped_rows",
            passed=skipped < 10,
            severity="WARN",
            metadata={"skipped_rows": skipped},
        )
        # Anything JSON-serializable that is not an asset event.
        pipes.report_custom_message({"skipped_rows": skipped})


if __name__ == "__main__":
    main()
