"""Find fenced code blocks in Markdown/MDX pages.

A small CommonMark-style fence scanner: enough for the docs' pages, where
fences may be indented (inside lists, admonitions or JSX tabs) and may be
longer than three characters to contain other fences.
"""

from __future__ import annotations

import ast
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

OPENING_FENCE = re.compile(r"^[ \t]*(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
PYTHON_LANGUAGES = {"python", "py"}
SKIP_PARSE = "skip-parse"


@dataclass
class CodeBlock:
    language: str  # first word of the info string, lower-cased
    meta: str  # the rest of the info string (title="...", skip-parse, {1,3})
    code: str  # dedented
    first_line: int  # 1-based page line of the block's first code line
    last_line: int = 0  # 1-based page line of its closing fence (past the page if unclosed)


def fenced_blocks(text: str) -> list[CodeBlock]:
    blocks = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        opening = OPENING_FENCE.match(lines[i])
        # A backtick fence's info string may not contain backticks (then it
        # is inline code, not a fence).
        if not opening or ("`" in opening["info"] and opening["fence"][0] == "`"):
            i += 1
            continue
        end = _closing_line(lines, i + 1, opening["fence"])
        language, _, meta = opening["info"].strip().partition(" ")
        # `python{1,3}` and `python title=x` both name the language first.
        language = re.match(r"[\w+#.-]*", language)[0].lower()
        code = "\n".join(lines[i + 1 : end])
        # Dedented so a block indented inside a list or <TabItem> parses.
        blocks.append(CodeBlock(language, meta.strip(), textwrap.dedent(code), i + 2, end + 1))
        i = end + 1
    return blocks


def _closing_line(lines: list[str], start: int, fence: str) -> int:
    """Index of the line closing `fence`, or len(lines) if it never closes."""
    closing = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
    for j in range(start, len(lines)):
        if closing.match(lines[j]):
            return j
    return len(lines)


def python_blocks(text: str) -> list[CodeBlock]:
    """Python blocks that should parse: language python/py, no skip-parse."""
    return [
        b
        for b in fenced_blocks(text)
        if b.language in PYTHON_LANGUAGES and SKIP_PARSE not in b.meta.split()
    ]


def syntax_errors(page: Path, text: str | None = None) -> list[str]:
    """'page:line: message' for each inline Python block that does not parse."""
    text = page.read_text(encoding="utf-8") if text is None else text
    errors = []
    for block in python_blocks(text):
        try:
            ast.parse(block.code, filename=str(page))
        except SyntaxError as e:
            line = block.first_line + (e.lineno or 1) - 1
            errors.append(f"{page}:{line}: {e.msg}")
    return errors
