"""The script the Airflow BashOperator ran: `python clean_events.py --date <day>`.

It keeps one day of events, drops rows without a user, and writes the result
to CLEAN_EVENTS_DIR. Run by Dagster with PipesSubprocessClient, it also
reports row counts back; run by hand or by Airflow, it works the same and
the Pipes calls do nothing.
"""

import argparse
import csv
import os
from pathlib import Path

from dagster_pipes import open_dagster_pipes

RAW_EVENTS = Path(__file__).parent / "raw_events.csv"


def clean(day: str, output_dir: Path) -> tuple[int, int]:
    with open(RAW_EVENTS, newline="") as f:
        rows = [row for row in csv.DictReader(f) if row["event_date"] == day]
    kept = [row for row in rows if row["user_id"]]
    output_dir.mkdir(parents=True, exist_ok=True)
    with open(output_dir / f"events_{day}.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["event_date", "user_id", "event"])
        writer.writeheader()
        writer.writerows(kept)
    return len(kept), len(rows) - len(kept)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--date", required=True)
    args = parser.parse_args()
    output_dir = Path(os.environ.get("CLEAN_EVENTS_DIR", "cleaned_events"))
    # Outside a Dagster run there is no Pipes context, and open_dagster_pipes
    # falls back to doing nothing.
    with open_dagster_pipes() as pipes:
        kept, dropped = clean(args.date, output_dir)
        pipes.log.info(f"{args.date}: kept {kept} events, dropped {dropped}")
        pipes.report_asset_materialization(
            metadata={"kept_rows": kept, "dropped_rows": dropped}
        )


if __name__ == "__main__":
    main()
