# The external side of a Pipes session for a step that targets two assets and a check.
# Only dagster-pipes is imported: the process needs no Dagster installation.
# Dagster launches it, for example, with dg.PipesSubprocessClient.
from dagster_pipes import (
    PipesDefaultContextLoader,
    PipesDefaultMessageWriter,
    PipesEnvVarParamsLoader,
    open_dagster_pipes,
)


def summarize(rows: list[int], threshold: int) -> dict:
    kept = [row for row in rows if row >= threshold]
    return {"kept": kept, "dropped": len(rows) - len(kept)}


def main() -> None:
    # start_open
    # These three arguments are the defaults, written out to show each role.
    with open_dagster_pipes(
        params_loader=PipesEnvVarParamsLoader(),
        context_loader=PipesDefaultContextLoader(),
        message_writer=PipesDefaultMessageWriter(),
    ) as pipes:
        # end_open
        threshold = pipes.get_extra("threshold")
        summary = summarize([12, 40, 7, 55], threshold)
        pipes.log.info(f"run {pipes.run_id}: kept {len(summary['kept'])} rows")

        # With two assets in scope, every report names its asset key.
        pipes.report_asset_materialization(
            asset_key="filtered_rows",
            metadata={
                "row_count": len(summary["kept"]),
                "source": {"raw_value": "s3://bucket/rows.csv", "type": "url"},
            },
            data_version=str(sum(summary["kept"])),
        )
        pipes.report_asset_check(
            asset_key="filtered_rows",
            check_name="not_empty",
            passed=bool(summary["kept"]),
            severity="WARN",
        )
        pipes.report_asset_materialization(
            asset_key="dropped_count",
            metadata={"dropped": summary["dropped"]},
        )
        pipes.report_custom_message(summary)


if __name__ == "__main__":
    main()
