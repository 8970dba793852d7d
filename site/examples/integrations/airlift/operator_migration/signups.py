"""The function the Airflow PythonOperator called, unchanged.

Nothing in it knows about Airflow or Dagster, which is what makes it easy to
move: the new asset imports it and calls it.
"""

import csv
import json
from collections import Counter
from pathlib import Path

SAMPLE_SIGNUPS_CSV = Path(__file__).parent / "signups.csv"


def count_signups_by_plan(signups_csv: str, day: str | None = None) -> dict[str, int]:
    """Count signups per plan, for one day (YYYY-MM-DD) or for the whole file."""
    with open(signups_csv, newline="") as f:
        rows = [row for row in csv.DictReader(f) if day is None or row["signup_date"] == day]
    return dict(sorted(Counter(row["plan"] for row in rows).items()))


def write_report(counts: dict[str, int], report_path: str) -> None:
    Path(report_path).parent.mkdir(parents=True, exist_ok=True)
    Path(report_path).write_text(json.dumps(counts, indent=2))
