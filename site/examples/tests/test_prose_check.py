"""The prose check (prose_check.py): each kind of slip it exists to catch is caught, and the
site's pages have none."""

from __future__ import annotations

import prose_check

PAGE = """---
title: A page
---

Intro with no code.

## Backfills

Call the `launchPartitionBackfills` mutation with the backfill's partitions:

```graphql
mutation Backfill($params: LaunchBackfillParams!) {
  launchPartitionBackfill(backfillParams: $params) { __typename }
}
```

## Assets

Write `dg.RetryPolicy(max_retry=3)` to retry a failed step.
The `delay_seconds` parameter of `dg.RetryPolicy` sets the wait between attempts.
Pass `jitter` to `dg.RetryPolicy` to spread retries out.
Filter with `dg.AssetSelection.by_kind("dbt")`.

## Running

Start the server with `dg dev --prot 3000`.
"""


def messages(text: str) -> list[str]:
    return [f.message for f in prose_check.check_text(text, "page.md")]


def test_each_kind_of_slip_is_found():
    found = messages(PAGE)
    assert any("`launchPartitionBackfills`" in m and "`launchPartitionBackfill`" in m for m in found), found
    assert any("has no parameter `max_retry`" in m for m in found), found
    assert any("`delay_seconds` is named as a parameter of `dg.RetryPolicy`" in m for m in found), found
    assert any("dagster.AssetSelection.by_kind" in m and "does not exist" in m for m in found), found
    assert any("`--prot` is not an option of `dg dev`" in m for m in found), found
    # `jitter` is a parameter of `dg.RetryPolicy`: not a finding.
    assert not any("`jitter`" in m for m in found), found
    assert len(found) == 5, found


def test_what_agrees_is_left_alone():
    page = PAGE.replace("launchPartitionBackfills", "launchPartitionBackfill").replace("max_retry=", "max_retries=")
    page = page.replace("`delay_seconds` parameter", "`delay` parameter").replace("by_kind", "kind")
    page = page.replace("--prot", "--port")
    assert messages(page) == []


def test_the_site_pages_agree_with_their_code():
    found = prose_check.all_findings()
    assert not found, "\n".join(map(str, found))
