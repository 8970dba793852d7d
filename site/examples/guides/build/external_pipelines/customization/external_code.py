"""A small external script used by the customization examples.

`open_dagster_pipes()` with no arguments reads its bootstrap parameters from
environment variables and understands every built-in context injector and
message reader that works on a local filesystem or standard streams.
"""

from dagster_pipes import open_dagster_pipes


def main() -> None:
    with open_dagster_pipes() as pipes:
        print("This line goes to the subprocess's stdout.")
        pipes.report_asset_materialization(metadata={"rows": 42})


if __name__ == "__main__":
    main()
