"""Silence Dagster's API lifecycle warnings for a whole project.

Put filters like these at the top of the module Dagster loads (for example
`definitions.py`), before the code that uses the APIs they cover.
"""

import warnings

import dagster as dg

# start_ignore_categories
# Hide every preview, beta and superseded warning that Dagster emits.
warnings.filterwarnings("ignore", category=dg.PreviewWarning)
warnings.filterwarnings("ignore", category=dg.BetaWarning)
warnings.filterwarnings("ignore", category=dg.SupersessionWarning)
# end_ignore_categories

# start_ignore_one_deprecation
# Deprecations use Python's built-in DeprecationWarning, shared with every
# other library. Match the start of the message to hide a single one.
warnings.filterwarnings(
    "ignore",
    category=DeprecationWarning,
    message=r"Class `SourceAsset` is deprecated",
)
# end_ignore_one_deprecation


@dg.asset
def orders() -> list[dict]:
    return [{"order_id": 1, "amount": 40.0}, {"order_id": 2, "amount": 25.5}]


defs = dg.Definitions(assets=[orders])
