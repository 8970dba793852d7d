"""The `dagster` and `dg` command trees, read from the installed packages' click objects, and
the option tables of the CLI reference page made from them.

    python tests/cli_tree.py                 rewrite the tables of the page from the installed
                                             CLIs, keeping every description already written
    python tests/cli_tree.py --add-missing   also append a section for each command the page
                                             lacks

The page has, for each command, an h3 heading `` ### `dagster asset list` `` followed by its
prose and one table `| Option | Value | Default | Description |`. The first three columns come
from here; the descriptions are the page's own words. `test_cli_reference.py` regenerates
the columns and fails on any difference, so a new option, a renamed flag or a changed default
in a version bump shows up as a failing test.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import click

PAGE = Path(__file__).resolve().parents[2] / "docs" / "api" / "python-api" / "cli.md"
HEADER = "| Option | Value | Default | Description |"
RULE = "| --- | --- | --- | --- |"
HEADING = re.compile(r"^### `((?:dagster|dg)(?: [\w-]+)*)`\s*$")

# Groups whose subcommands are made at run time from what is installed (one per component
# type for `dg scaffold defs`): documented as one command, its subcommands not walked.
DYNAMIC_GROUPS = {"dg scaffold defs"}


def roots() -> list[tuple[str, click.Command]]:
    from dagster._cli import create_dagster_cli
    from dagster_dg_cli.cli import create_dg_cli

    return [("dagster", create_dagster_cli()), ("dg", create_dg_cli())]


def commands() -> dict[str, click.Command]:
    """Every visible command, by its full name (`dagster asset list`), groups included when
    they take options of their own."""
    found: dict[str, click.Command] = {}
    for name, root in roots():
        walk(root, name, click.Context(root, info_name=name), found)
    return found


def walk(cmd: click.Command, path: str, ctx: click.Context, found: dict) -> None:
    if not isinstance(cmd, click.Group) or path in DYNAMIC_GROUPS:
        found[path] = cmd
        return
    if visible_params(cmd):
        found[path] = cmd
    for name in cmd.list_commands(ctx):
        sub = cmd.get_command(ctx, name)
        if sub is None or sub.hidden:
            continue
        walk(sub, f"{path} {name}", click.Context(sub, info_name=name, parent=ctx), found)


def visible_params(cmd: click.Command) -> list[click.Parameter]:
    return [
        p
        for p in cmd.params
        if not getattr(p, "hidden", False) and "--help" not in getattr(p, "opts", ())
    ]


def rows(cmd: click.Command) -> list[tuple[str, str, str]]:
    """(option, value, default) for each argument and option, in the command's order."""
    return [(option_cell(p), value_cell(p), default_cell(p)) for p in visible_params(cmd)]


def option_cell(p: click.Parameter) -> str:
    if isinstance(p, click.Argument):
        return f"`{p.human_readable_name}` (argument)"
    flags = [*p.opts, *p.secondary_opts]
    return ", ".join(f"`{f}`" for f in flags)


def value_cell(p: click.Parameter) -> str:
    if isinstance(p, click.Option) and p.is_flag and not p.count:
        return "flag"
    if isinstance(p.type, click.Choice):
        value = " \\| ".join(f"`{c}`" for c in p.type.choices)
    else:
        value = p.type.name.upper()
    if p.multiple or (p.nargs == -1):
        value += ", repeatable"
    return value


def default_cell(p: click.Parameter) -> str:
    default = p.default
    # click 8.2 marks "no default" with a sentinel object rather than None.
    unset = type(default).__name__ == "Sentinel" or "UNSET" in repr(default)
    if unset or callable(default) or default is None or default == () or default is False:
        return ""
    if isinstance(p, click.Option) and p.is_flag and default is True:
        return "on"
    if isinstance(default, (list, tuple)):
        return ", ".join(f"`{d}`" for d in default)
    # An empty string as its literal: an empty code span would show two backticks.
    if default == "":
        return '`""`'
    return f"`{default}`"


def render(cmd: click.Command, descriptions: dict[str, str]) -> list[str]:
    lines = [HEADER, RULE]
    for option, value, default in rows(cmd):
        text = descriptions.get(option, "")
        lines.append(f"| {option} | {value} | {default} | {text} |")
    return lines


def split_row(line: str) -> list[str]:
    """The cells of a Markdown table row; `\\|` inside a cell is not a separator."""
    cells = re.split(r"(?<!\\)\|", line.strip())
    return [c.strip() for c in cells[1:-1]]


def page_tables(text: str) -> dict[str, list[list[str]]]:
    """Command → the rows (cells) of the first option table after its heading."""
    tables: dict[str, list[list[str]]] = {}
    current = None
    for line in text.splitlines():
        heading = HEADING.match(line)
        if heading:
            current = heading.group(1)
            tables[current] = []
        elif line.startswith("## ") or line.startswith("### "):
            current = None
        elif current is not None and line.startswith("| ") and line.strip() not in (HEADER, RULE):
            tables[current].append(split_row(line))
    return tables


def differences(text: str, found: dict[str, click.Command]) -> list[str]:
    """What the page says that the installed CLIs do not, one line a problem."""
    problems = []
    tables = page_tables(text)
    for name in sorted(set(found) - set(tables)):
        problems.append(f"{name}: command missing from the page")
    for name in sorted(set(tables) - set(found)):
        problems.append(f"{name}: on the page, but no such command")
    for name in sorted(set(found) & set(tables)):
        want = [list(r) for r in rows(found[name])]
        got = [cells[:3] for cells in tables[name]]
        if got != want:
            problems.append(f"{name}: options on the page {got} differ from --help {want}")
        for cells in tables[name]:
            if len(cells) != 4 or not cells[3]:
                problems.append(f"{name}: option {cells[0]} has no description")
    if "(summary:" in text:
        problems.append("a scaffolded `(summary: ...)` line is still on the page")
    return problems


def shared_descriptions(text: str) -> dict[str, str]:
    """Option → the first description the page gives it anywhere: an option many commands
    share (`--module-name`, `--json`) is described once and copied to the others."""
    shared: dict[str, str] = {}
    for table in page_tables(text).values():
        for cells in table:
            if len(cells) == 4 and cells[3]:
                shared.setdefault(cells[0], cells[3])
    return shared


def rewrite(text: str, found: dict[str, click.Command]) -> str:
    """The page with each command's table regenerated, its descriptions kept (an empty one
    filled from the same option elsewhere on the page)."""
    shared = shared_descriptions(text)
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    current = None
    while i < len(lines):
        line = lines[i]
        heading = HEADING.match(line)
        if heading:
            current = heading.group(1)
        if current in found and line.strip() == HEADER:
            old = dict(shared)
            i += 1
            while i < len(lines) and lines[i].startswith("|"):
                cells = split_row(lines[i])
                if len(cells) == 4 and lines[i].strip() != RULE and cells[3]:
                    old[cells[0]] = cells[3]
                i += 1
            out.extend(render(found[current], old))
            current = None
            continue
        out.append(line)
        i += 1
    return "\n".join(out) + "\n"


def skeleton(found: dict[str, click.Command]) -> str:
    """Sections for commands the page lacks: heading, the `--help` summary line to replace
    with prose, and an empty table."""
    out = []
    for name, cmd in found.items():
        out += [f"### `{name}`", "", f"(summary: {cmd.get_short_help_str(200)})", "", HEADER, RULE, ""]
    return "\n".join(out)


if __name__ == "__main__":
    found = commands()
    text = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
    absent = {n: c for n, c in found.items() if n not in page_tables(text)}
    if absent and "--add-missing" in sys.argv:
        text += "\n" + skeleton(absent)
    PAGE.write_text(rewrite(text, found), encoding="utf-8")
    for name in sorted(set(found) - set(page_tables(text))):
        print(f"not on the page yet: {name}", file=sys.stderr)
