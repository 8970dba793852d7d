"""Prose against code: what a page's sentences name, compared with the page's own examples,
the API inventory (site/api/*.json) and the installed CLIs.

The commonest slip in the docs is prose that disagrees with its own example or with the code:
a parameter the function lacks, a flag the command lacks, a method in the text that differs
from the one the example calls. Four checks find it mechanically:

- **parameters**: a keyword in a call written in prose (`dg.asset(key_prefix=...)`), and a
  name a sentence makes a parameter of an API ("the `key_prefix` parameter of `@dg.asset`",
  "`dg.asset`'s `key_prefix`", "pass `key_prefix` to `@dg.asset`", "`X` takes an optional
  `y`"), must be a parameter of that API (or it takes `**kwargs`);
- **flags**: a `--flag` in a sentence that names a `dagster` or `dg` command must be an
  option of that command;
- **names**: a dotted name in prose (`dg.AssetSelection.keys`) must exist in the installed
  package;
- **prose and example**: an identifier in a section's prose that its own code (blocks and
  `<CodeExample>` files of that section) lacks, while the code has one a letter away
  (`terminateRuns` in the text, `terminateRun` in the example), is a drift.

`python tests/prose_check.py` prints every finding; `test_prose_check.py` fails on any.
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from markdown_blocks import fenced_blocks

# The site checked: this one, or another copy of it (PROSE_CHECK_SITE, to measure the check on
# an older version of the pages).
SITE = Path(os.environ.get("PROSE_CHECK_SITE") or Path(__file__).resolve().parents[2])
EXAMPLES = SITE / "examples"
DOCS = SITE / "docs"

CODE_EXAMPLE = re.compile(r"<CodeExample\b[^>]*?\bpath=[\"']([^\"']+)[\"']")
HEADING = re.compile(r"^#{2,6}\s")
INLINE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
SENTENCE_END = re.compile(r"(?<=[.!?:])\s+(?=[A-Z`*\[(])")
API_NAME = re.compile(r"^@?(dg|dagster|dagster_[a-z0-9_]+)\.([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)")
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
ALIASES = {"dg": "dagster"}
# Commands whose subcommands are made at run time from what is installed (cli_tree.py).
DYNAMIC_COMMANDS = ("dg scaffold defs",)
# `dagster.yaml`, `dg.toml`: file names, not API names.
FILE_NAME = re.compile(r"\.(ya?ml|toml|json|cfg|ini|txt|py|md|lock)$")


@dataclass
class Finding:
    page: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: {self.message}"


@dataclass
class Section:
    """The prose sentences of one heading's section and the code it shows."""

    sentences: list[tuple[int, str]]
    code: str


# ---- the page, cut into sections of prose sentences and code ----


def sections(text: str) -> list[Section]:
    lines = text.splitlines()
    start = _body_start(lines)
    found = [Section([], "")]
    paragraph: list[tuple[int, str]] = []

    def flush():
        if paragraph:
            joined = " ".join(t for _, t in paragraph)
            # Where each line starts in the joined text, to give a sentence its own line.
            starts, at = [], 0
            for number, text in paragraph:
                starts.append((at, number))
                at += len(text) + 1
            at = 0
            for sentence in SENTENCE_END.split(joined):
                at = joined.index(sentence, at)
                line = max(n for s, n in starts if s <= at)
                found[-1].sentences.append((line, sentence))
                at += len(sentence)
            paragraph.clear()

    # Fenced code, found by the scanner the example tests use: its opening line → the block.
    blocks = {b.first_line - 1: b for b in fenced_blocks(text)}
    skip_to = 0
    for number, line in enumerate(lines[start:], start + 1):
        if number <= skip_to:
            continue
        block = blocks.get(number)
        if block:
            flush()
            found[-1].code += block.code + "\n"
            skip_to = block.last_line
            continue
        if HEADING.match(line):
            flush()
            found.append(Section([], ""))
            continue
        for path in CODE_EXAMPLE.findall(line):
            found[-1].code += _example_text(path)
        stripped = line.strip()
        if not stripped or stripped.startswith(("|", "<", "import ", "export ")):
            flush()
            # A table row is a unit of its own.
            if stripped.startswith("|"):
                found[-1].sentences.append((number, stripped))
            continue
        if re.match(r"^([-*+]|\d+\.)\s", stripped):
            flush()
        paragraph.append((number, stripped))
    flush()
    return found


def _body_start(lines: list[str]) -> int:
    if lines and lines[0].strip() == "---":
        for i, line in enumerate(lines[1:], 1):
            if line.strip() == "---":
                return i + 1
    return 0


@cache
def _example_text(path: str) -> str:
    file = EXAMPLES / path.split("#")[0]
    try:
        return file.read_text(encoding="utf-8") + "\n"
    except (OSError, UnicodeDecodeError):
        return ""


# ---- what the code knows: the inventory, the installed packages, the CLIs ----


@cache
def inventory() -> dict[str, dict]:
    """Qualified name → inventory object, class members included."""
    found = {}
    for file in sorted((SITE / "api").glob("*.json")):
        for obj in json.loads(file.read_text())["objects"]:
            found[obj["name"]] = obj
            for member in obj.get("members", []):
                found[member["name"]] = member
    return found


def qualified(code: str) -> str | None:
    match = API_NAME.match(code.strip())
    if not match or FILE_NAME.search(code.strip()):
        return None
    module = ALIASES.get(match.group(1), match.group(1))
    return f"{module}.{match.group(2)}"


def parameters(obj: dict) -> tuple[set[str], bool]:
    """An API's parameter names, and whether it takes any keyword (`**kwargs`)."""
    params = obj.get("parameters")
    if params is None:
        return set(), True  # the inventory does not list them: nothing to compare
    names = {p["name"] for p in params}
    return names, any(p["kind"] == "var-keyword" for p in params)


@cache
def exists(name: str) -> bool:
    module, *attrs = name.split(".")
    try:
        obj = importlib.import_module(module)
    except Exception:
        return True  # not installed here: not ours to judge
    for i, attr in enumerate(attrs):
        if not hasattr(obj, attr):
            submodule = ".".join([module, *attrs[: i + 1]])
            try:  # a submodule not imported by its package
                obj = importlib.import_module(submodule)
                continue
            except ModuleNotFoundError as e:
                # Missing itself, or needing a package not installed here (Airflow).
                return bool(e.name) and not submodule.startswith(e.name)
            except Exception:
                return True
        obj = getattr(obj, attr)
    return True


@cache
def cli_options() -> dict[str, set[str]]:
    """`dagster asset list` → its option strings, group options inherited."""
    sys.path.insert(0, str(Path(__file__).parent))
    from cli_tree import commands  # noqa: PLC0415 (needs the path above)

    found = {}
    for name, cmd in commands().items():
        opts = set()
        for param in cmd.params:
            opts.update(getattr(param, "opts", []))
            opts.update(getattr(param, "secondary_opts", []))
        found[name] = opts | {"--help"}
    for name in list(found):
        parts = name.split()
        for n in range(1, len(parts)):
            found[name] |= found.get(" ".join(parts[:n]), set())
    return found


# ---- the checks ----


def check_page(page: Path) -> list[Finding]:
    return check_text(page.read_text(encoding="utf-8"), str(page.relative_to(DOCS)))


def check_text(text: str, rel: str) -> list[Finding]:
    findings = []
    for section in sections(text):
        code_words = set(IDENTIFIER.findall(section.code))
        for line, sentence in section.sentences:
            codes = INLINE.findall(sentence)
            if not codes:
                continue
            messages = (
                parameter_problems(sentence, codes)
                + flag_problems(sentence, codes)
                + name_problems(sentence, codes)
                + drift_problems(codes, code_words)
            )
            findings.extend(Finding(rel, line, m) for m in messages)
    return findings


def parameter_problems(sentence: str, codes: list[str]) -> list[str]:
    problems = [p for code in codes for p in call_keyword_problems(code)]
    for param, api in parameter_mentions(sentence):
        name = qualified(api)
        obj = inventory().get(name) if name else None
        if obj is None:
            continue
        names, any_keyword = parameters(obj)
        if not any_keyword and param not in names and f"{name}.{param}" not in inventory():
            problems.append(f"`{param}` is named as a parameter of `{api}`, which has no such parameter")
    return problems


# A name and the API it is said to be a parameter of, in the ways sentences say it.
RELATIONS = [
    # the `x` parameter of `API`; the `x` argument to `API`
    r"`(?P<p>[a-z_][a-z0-9_]*)=?`\s+(?:parameter|argument|keyword argument|keyword)\s+(?:of|to|on)\s+`(?P<a>[^`]+)`",
    # `API`'s `x`
    r"`(?P<a>[^`]+)`'s\s+`(?P<p>[a-z_][a-z0-9_]*)=?`",
    # pass `x` to `API`; set `x=...` on `API`
    r"\b(?:[Pp]ass|[Pp]assing|[Ss]et|[Ss]etting|[Gg]ive|[Gg]iving)\s+`(?P<p>[a-z_][a-z0-9_]*)(?:=[^`]*)?`\s+(?:to|on)\s+`(?P<a>[^`]+)`",
    # `API` takes an optional `x`; `API` accepts `x`
    r"`(?P<a>[^`]+)`\s+(?:takes|accepts|has)\s+(?:an?\s+|the\s+)?(?:optional\s+|required\s+)?`(?P<p>[a-z_][a-z0-9_]*)=?`",
]


def parameter_mentions(sentence: str) -> list[tuple[str, str]]:
    return [
        (m.group("p"), m.group("a"))
        for pattern in RELATIONS
        for m in re.finditer(pattern, sentence)
    ]


def call_keyword_problems(code: str) -> list[str]:
    """`dg.asset(key_prefix=["a"])` written in prose: its keywords against the inventory."""
    if "(" not in code or "=" not in code:
        return []
    try:
        tree = ast.parse(code.strip().lstrip("@"), mode="eval")
    except SyntaxError:
        return []
    problems = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = qualified(ast.unparse(node.func))
        obj = inventory().get(name) if name else None
        if obj is None:
            continue
        names, any_keyword = parameters(obj)
        for kw in node.keywords:
            if kw.arg and kw.arg not in names and not any_keyword:
                problems.append(f"`{code}`: `{ast.unparse(node.func)}` has no parameter `{kw.arg}`")
    return problems


def flag_problems(sentence: str, codes: list[str]) -> list[str]:
    """Flags written with their command (`dg plus deploy --statedir x`) are checked against it;
    flags in code of their own only when the sentence names one command (not a bare `dg`) and
    calls them options or flags, since a sentence may name another tool's flags beside it."""
    problems = []
    mentioned = []
    for code in codes:
        command = command_of(code)
        if command is None:
            continue
        mentioned.append(command)
        problems += missing_flags(code[len(command) :], [command])
    if len(set(mentioned)) == 1 and " " in mentioned[0] and re.search(r"\b(option|flag)s?\b", sentence):
        for code in codes:
            if re.fullmatch(r"--?[A-Za-z][\w-]*(?:[ =]\S+)?", code.strip()):
                problems += missing_flags(code, mentioned[:1])
    return problems


def missing_flags(code: str, commands: list[str]) -> list[str]:
    if any(c.startswith(d) for c in commands for d in DYNAMIC_COMMANDS):
        return []
    options = set().union(*(cli_options()[c] for c in commands))
    return [
        f"`{flag}` is not an option of `{commands[0]}`"
        for flag in re.findall(r"(?:^|\s)(--?[A-Za-z][\w-]*)", code)
        if flag not in options
    ]


def command_of(code: str) -> str | None:
    """The longest known command a piece of inline code starts with."""
    words = code.split()
    if not words or words[0] not in ("dagster", "dg"):
        return None
    for n in range(len(words), 0, -1):
        name = " ".join(words[:n])
        if name in cli_options():
            return name
    return None


def name_problems(sentence: str, codes: list[str]) -> list[str]:
    problems = []
    for code in codes:
        if re.search(re.escape(f"`{code}`") + r"\s+entry[- ]point", sentence):
            continue  # an entry point group's name (`dagster_dg_cli.registry_modules`)
        match = API_NAME.match(code.strip())
        # Only a whole name (an optional call after it), not an expression.
        if not match or not re.fullmatch(r"@?[\w.]+(\(.*\))?", code.strip()):
            continue
        name = qualified(code)
        if name and not exists(name):
            problems.append(f"`{code}`: `{name}` does not exist in the installed package")
    return problems


def drift_problems(codes: list[str], code_words: set[str]) -> list[str]:
    if not code_words:
        return []
    problems = []
    for code in codes:
        for word in set(IDENTIFIER.findall(code)):
            if not code_like(word) or word in code_words or word in known_words():
                continue
            near = sorted(
                w
                for w in code_words
                if code_like(w) and one_letter_apart(word, w) and w.lower() != word.lower()
            )
            if near:
                problems.append(f"the prose names `{word}`; this section's code has `{near[0]}`, not `{word}`")
    return problems


@cache
def known_words() -> frozenset[str]:
    """Every identifier of the site's code (examples, code blocks) and of the inventory
    (names, members, parameters): a name found there is real, even if this section lacks it."""
    words = set()
    skipped = {".venv", ".isolated", "tests", "__pycache__", "target", "logs"}
    suffixes = {".py", ".yaml", ".yml", ".toml", ".json", ".sql", ".sh"}
    for file in EXAMPLES.rglob("*"):
        parts = set(file.relative_to(EXAMPLES).parts)
        if file.suffix in suffixes and not skipped & parts and file.is_file():
            words.update(IDENTIFIER.findall(file.read_text(encoding="utf-8", errors="ignore")))
    for page in DOCS.rglob("*.md*"):
        for section in sections(page.read_text(encoding="utf-8")):
            words.update(IDENTIFIER.findall(section.code))
    for name, obj in inventory().items():
        words.update(name.split("."))
        words.update(p["name"] for p in obj.get("parameters") or [])
    return frozenset(words)


def code_like(word: str) -> bool:
    """A name only code would have: an underscore or a capital inside (`run_id`, `terminateRun`,
    `AssetSpec`), six letters or more; plain words (`ignored`) are left alone."""
    return len(word) >= 6 and ("_" in word.strip("_") or any(c.isupper() for c in word[1:]))


def one_letter_apart(a: str, b: str) -> bool:
    """One letter added, removed or changed (`terminateRun` and `terminateRuns`)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def all_findings() -> list[Finding]:
    pages = sorted(p for p in DOCS.rglob("*.md*") if not p.name.startswith("_"))
    return [f for page in pages for f in check_page(page)]


if __name__ == "__main__":
    found = all_findings()
    for f in found:
        print(f)
    print(f"{len(found)} findings", file=sys.stderr)
    sys.exit(1 if found else 0)
