# The external side of a Pipes session: plain Python, with dagster-pipes as its only
# Dagster dependency. Dagster launches it with PipesSubprocessClient (pipes_reference.py).
from dagster_pipes import open_dagster_pipes


def main() -> None:
    with open_dagster_pipes() as pipes:
        threshold = pipes.get_extra("threshold")
        rows = [12, 40, 7, 55]
        kept = [row for row in rows if row >= threshold]
        pipes.log.info(f"kept {len(kept)} of {len(rows)} rows")
        pipes.report_asset_materialization(metadata={"row_count": len(kept)})
        pipes.report_custom_message({"kept": kept})


if __name__ == "__main__":
    main()
