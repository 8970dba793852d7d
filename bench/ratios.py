#!/usr/bin/env python3
"""Checks the size ratios of a built site against the targets, for every page:

- page JSON (`_site/pages/*.json`) <= 1.5x its content HTML (the `html` field);
- HTML document <= 2x (its content HTML + 20 KB);
- code blocks' HTML (`<pre>...</pre>`) <= 3x their source (the blocks' text), over all blocks
  (a block's fixed markup alone is several times a one-word block); the worst blocks are listed.

Prints the worst pages and the totals; exits 1 when a target is missed.
Usage: bench/ratios.py OUT_DIR   (the folder `docsite build SITE -o OUT_DIR` wrote)
"""
import html as htmllib
import json
import os
import re
import sys

PRE = re.compile(r"<pre\b.*?</pre>", re.S)
TAG = re.compile(r"<[^>]+>")


def pages(out):
    root = os.path.join(out, "_site", "pages")
    for d, _, files in os.walk(root):
        for f in files:
            path = os.path.join(d, f)
            raw = open(path, "rb").read()
            data = json.loads(raw)
            # A page file leaves out its route: its path gives it.
            rel = os.path.relpath(path, root)[: -len(".json")]
            yield ("/" if rel == "index" else "/" + rel), len(raw), data.get("html") or ""


def document_size(out, route):
    rel = route.strip("/")
    path = os.path.join(out, rel, "index.html") if rel else os.path.join(out, "index.html")
    return os.path.getsize(path) if os.path.exists(path) else None


def main():
    out = sys.argv[1]
    json_rows, doc_rows, code_rows = [], [], []
    for route, json_bytes, content in pages(out):
        content_bytes = len(content.encode())
        json_rows.append((json_bytes / max(content_bytes, 1), route, json_bytes, content_bytes))
        doc = document_size(out, route)
        if doc is not None:
            doc_rows.append((doc / (2 * (content_bytes + 20 * 1024)), route, doc, content_bytes))
        for block in PRE.findall(content):
            source = htmllib.unescape(TAG.sub("", block))
            if source.strip():
                code_rows.append((len(block.encode()) / len(source.encode()), route, len(block.encode()), len(source.encode())))
    code_html, code_source = sum(r[2] for r in code_rows), sum(r[3] for r in code_rows)
    code_ratio = code_html / max(code_source, 1)
    missed = code_ratio > 3.0
    print(f"code blocks, all together: {code_html} B of HTML for {code_source} B of source = {code_ratio:.2f}x "
          f"({'met' if code_ratio <= 3.0 else 'MISSED'}: <= 3x)")
    for name, rows, limit, unit in [
        ("page JSON / content HTML", json_rows, 1.5, "x"),
        ("HTML document / 2x(content + 20 KB)", doc_rows, 1.0, ""),
        ("one code block's HTML / its source (listed, not checked)", code_rows, 3.0, "x"),
    ]:
        rows.sort(reverse=True)
        over = [r for r in rows if r[0] > limit]
        missed |= bool(over) and "not checked" not in name
        print(f"{name}: {len(rows)} checked, worst {rows[0][0]:.2f} ({rows[0][1]}, {rows[0][2]} B for {rows[0][3]} B), "
              f"{len(over)} over the limit {limit}{unit}")
        for r in over[:5]:
            print(f"    {r[0]:.2f}  {r[1]}  {r[2]} B for {r[3]} B")
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
