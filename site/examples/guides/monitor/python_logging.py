import logging

import dagster as dg

# start_managed_logger
# A module-level logger named like the one in managed_python_loggers.
logger = logging.getLogger("my_company.etl")


@dg.asset
def vendor_feed() -> int:
    logger.info("Downloading the vendor feed")
    rows = 42
    logger.warning("The feed had %d rows, fewer than usual", rows)
    return rows


# end_managed_logger

defs = dg.Definitions(assets=[vendor_feed])
