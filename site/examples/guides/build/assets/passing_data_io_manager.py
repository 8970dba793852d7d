"""Passing data between assets with an I/O manager: return a value, receive it as a parameter."""

import dagster as dg


# start_io_manager_assets
@dg.asset
def temperatures() -> list[float]:
    # The returned list is handed to the I/O manager, which stores it.
    return [21.5, 23.0, 19.8, 25.1]


@dg.asset
def warm_days(temperatures: list[float]) -> int:
    # The I/O manager loads the stored list and passes it in as `temperatures`.
    return sum(1 for value in temperatures if value > 22.0)


# end_io_manager_assets


# start_io_manager_definitions
defs = dg.Definitions(
    assets=[temperatures, warm_days],
    resources={
        # Every asset without an explicit io_manager_key uses the "io_manager" resource.
        "io_manager": dg.FilesystemIOManager(base_dir="storage"),
    },
)
# end_io_manager_definitions
