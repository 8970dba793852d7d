"""Build the Definitions in a function, so that loading can do work first."""

import dagster as dg

REGIONS = ["us", "eu", "apac"]


# start_definitions_function
def build_region_asset(region: str) -> dg.AssetsDefinition:
    @dg.asset(name=f"{region}_sales", group_name="sales")
    def _sales() -> int:
        return 0

    return _sales


@dg.definitions
def defs() -> dg.Definitions:
    # Runs each time the code location loads, for example on reload.
    return dg.Definitions(assets=[build_region_asset(region) for region in REGIONS])
# end_definitions_function
