//! The fast path against markdown-rs: wherever it takes a body, the trees must be equal.

use super::*;

/// markdown-rs's tree of a preprocessed body, as the slow path makes it, or its error.
fn slow(text: &str) -> Result<Node, String> {
    markdown::to_mdast(text, &crate::mdx_options::parse_options()).map_err(|m| m.to_string())
}

/// Asserts the fast path takes `text` and gives markdown-rs's tree.
fn same(text: &str) {
    assert!(parse(text).is_some(), "not taken:\n{text}");
    compare(text).unwrap_or_else(|why| panic!("{why}"));
}

/// Where the fast path takes `text`, whether its tree is markdown-rs's.
fn compare(text: &str) -> Result<(), String> {
    let Some(fast) = parse(text) else {
        return Ok(());
    };
    let slow =
        slow(text).map_err(|e| format!("taken, but markdown-rs refuses it ({e}):\n{text}"))?;
    if fast == slow {
        return Ok(());
    }
    let (f, s) = (outline(&fast), outline(&slow));
    let at = f
        .iter()
        .zip(&s)
        .position(|(a, b)| a != b)
        .unwrap_or(f.len().min(s.len()));
    let from = |lines: &[String]| {
        lines[at.min(lines.len())..]
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    };
    Err(format!(
        "trees differ\n--- fast from node {at}\n{}\n--- markdown-rs\n{}\n--- at\n{}\n--- in {text:?}",
        from(&f),
        from(&s),
        context(text, &s[at.min(s.len())..]),
    ))
}

/// The source around the end of the first node of `lines`.
fn context(text: &str, lines: &[String]) -> String {
    let end = lines
        .first()
        .and_then(|l| l.rsplit_once('-'))
        .and_then(|(_, e)| e.split(')').next()?.parse::<usize>().ok())
        .unwrap_or(0);
    let from = text.floor_char_boundary(end.saturating_sub(60));
    let to = text.floor_char_boundary((end + 60).min(text.len()));
    format!(
        "{:?} | {:?}",
        &text[from..end.min(text.len())],
        &text[end.min(text.len())..to]
    )
}

/// One line per node, depth first: its fields without children, for a readable difference.
fn outline(node: &Node) -> Vec<String> {
    let mut lines = Vec::new();
    let mut stack = vec![(node, 0)];
    while let Some((n, depth)) = stack.pop() {
        let mut bare = n.clone();
        if let Some(c) = bare.children_mut() {
            c.clear();
        }
        lines.push(format!("{}{:?}", "  ".repeat(depth), bare));
        for child in n.children().into_iter().flatten().rev() {
            stack.push((child, depth + 1));
        }
    }
    lines
}

/// Asserts the fast path leaves `text` to markdown-rs.
fn declined(text: &str) {
    assert!(parse(text).is_none(), "taken:\n{text}");
}

#[test]
fn blocks_and_inlines_give_markdown_rs_trees() {
    for text in [
        "# Title\n\nSome *em* and **strong** and `code` text.\n",
        "Para one\nline two  \nline three\\\nfour\n\n---\n\n> quote\n> more\n",
        "- a\n- b\n  - c\n\n1. one\n2. two\n\n3) x\n",
        "- loose\n\n- items\n\n  with two paragraphs\n",
        "- [ ] open\n- [x] done\n",
        "| a | b |\n|:--|--:|\n| 1 | 2 |\n| `x` | *y* |\n",
        "| Option | Values | Note |\n| --- | --- | --- |\n| `--level` | `info` \\| `debug` | a \\| b |\n",
        "```python title=\"a.py\" {1}\nimport x\n\n```\n\nText after.\n",
        "~~~\nplain\n~~~\n",
        "[link](/a/b#c \"Title\") and ![alt *text*](img.png) and &amp; &copy;\n",
        "A [**bold link**](/a_b) (*see* `a_b*c`) and snake_case_name.\n",
        "Ünïcödé text with *émphasis* — dashes.\n\n## Héading\n",
        "- item\n    continued four spaces\n\nText\n",
        "1. First\n\n   ```bash\n   pip install x\n   ```\n\n2. Second\n",
    ] {
        same(text);
    }
}

#[test]
fn plain_tag_lines_wrap_what_is_between_them() {
    same("Intro.\n\n<Admonition type=\"tip\">\n\nInside **it**.\n\n</Admonition>\n\nAfter.\n");
    same("<Admonition type=\"note\" title=\"A title\">\n\n- a\n- b\n\n<Admonition type=\"tip\">\n\nNested.\n\n</Admonition>\n\n</Admonition>\n");
    same("Text.\n\n<DocCardList />\n");
}

#[test]
fn what_mdx_reads_differently_is_left_to_markdown_rs() {
    for text in [
        "A <b>tag</b> inline.\n",
        "An {expression}.\n",
        "import X from './x';\n\nText.\n",
        "Mail me@example.com.\n",
        "See https://example.com.\n",
        "Footnote[^1].\n\n[^1]: Note.\n",
        "[ref]\n\n[ref]: /a\n",
        "~~gone~~\n",
        "Text\n\n    indented code\n",
        "# Heading\n    indented\n",
        "\ttab\n",
        "<Admonition type=\"tip\">\nNo blank line.\n\n</Admonition>\n",
        "<Open>\n\nNever closed.\n",
        "```\nunclosed fence\n",
        "- ```\n  a\n\nText <X>\n```\n",
        "a\r\nb\r\n",
        "Setext\n======\n",
        "\\*escaped\\* and *em*\n",
        "**a*_ and ***three***\n",
        "Text\n2) not an item here\n",
        "| a | b |\n|---|---|\n| short row at the end |",
        "| a | b |\n|---|---|\n| c | d |  \n",
        "- \\| escaped first\n",
        "| x | y |\n|---|---|\n| [e](/z)\n  a`b\\|{`c\n",
        "| x | y |\n|---|---|\n| a | b | extra |\n",
        "| x | y |\n|---|---|\n| ``a | https://b.c`` |\n",
    ] {
        declined(text);
    }
}

/// Every page of the bundled site that the fast path takes.
#[test]
fn bundled_pages_give_markdown_rs_trees() {
    let (mut taken, mut all) = (0, 0);
    for (_, body) in docsite_test_support::site_pages() {
        let Ok((pre, _)) = crate::preprocess::preprocess(&body, &[]) else {
            continue;
        };
        all += 1;
        if parse(&pre.text).is_some() {
            taken += 1;
            same(&pre.text);
        }
    }
    eprintln!("{taken} of {all} pages taken");
    assert!(all > 400 && taken > 20, "{taken} of {all} pages taken");
}

/// Lines that build the constructs where the two parsers could part: containers and their
/// indentation, fences, tables, setext underlines, breaks, escapes and tag lines.
const LINES: &[&str] = &[
    "",
    "   ",
    "Plain text with *em*, __strong__ and `code`.",
    "Text ending in two spaces  ",
    "Text ending in a backslash\\",
    "  indented text",
    "    four spaces in",
    "      six spaces in",
    "# Heading",
    "## Heading with closing ##",
    "===",
    "---",
    "***",
    "- - -",
    "- item",
    "* star item",
    "+ plus item",
    "  - nested item",
    "    - deeper item",
    "-",
    "- [ ] task",
    "- [x] done *task*",
    "1. first",
    "2) second",
    "10. tenth",
    "   continuation",
    "> quote",
    "> > inner quote",
    ">",
    "> - quoted item",
    "```",
    "```python title=\"x.py\"",
    "~~~~",
    "  ```",
    "| a | b |",
    "|---|:-:|",
    "a | b",
    "--- | ---",
    "| `x` | [l](/y) |",
    "[link](/a \"t\") and ![img *alt*](/i.png)",
    "\\# not a heading, \\*not em\\*, &amp; &#35; &nbsp;",
    "Ünïcödé — “quotes” ✓",
    "**unclosed strong",
    "_a_b_ and *a*b*",
    "Code `<Tabs>` and `{x}` and `a@b.c` and `https://x.io` and `~a~` and `C:\\x`.",
    "See [the docs](https://docs.example.com/a_b(c)) and [more](https://x.io/y \"Title\").",
    "Not a link [a](https://x.io y) and [b](https://x.io",
    "``code with ` tick`` and ```three```",
    "<Admonition type=\"tip\">",
    "</Admonition>",
    "<DocCardList />",
];

/// A body of the given lines, each followed by a blank line where `apart` says so.
fn body(picks: &[(usize, bool)], newline: bool) -> String {
    let mut text = String::new();
    for (n, &(i, apart)) in picks.iter().enumerate() {
        if n > 0 {
            text.push_str(if apart { "\n\n" } else { "\n" });
        }
        text.push_str(LINES[i]);
    }
    if newline {
        text.push('\n');
    }
    text
}

/// Each fuzz input is a batch of bodies: the cases are cheap, and the shared fuzz runner
/// (fixed seed, `FUZZ_CASES` inputs) checks two hundred inputs in `cargo test`.
const BATCH: usize = 100;

#[test]
fn generated_bodies_give_markdown_rs_trees() {
    let body_of = (
        proptest::collection::vec((0..LINES.len(), proptest::bool::ANY), 1..14),
        proptest::bool::ANY,
    );
    let strategy = proptest::collection::vec(body_of, BATCH);
    docsite_test_support::fuzz(file!(), strategy, |bodies| {
        bodies
            .iter()
            .try_for_each(|(picks, newline)| compare(&body(picks, *newline)))
    });
}

/// The generator above reaches the fast path often enough to test it.
#[test]
fn generated_bodies_often_take_the_fast_path() {
    let mut taken = 0;
    let mut seed = 7u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    for _ in 0..1000 {
        let picks: Vec<(usize, bool)> = (0..6)
            .map(|_| (next() % LINES.len(), next() % 2 == 0))
            .collect();
        taken += usize::from(parse(&body(&picks, true)).is_some());
    }
    assert!(taken > 15, "{taken} of 1000 taken");
}

/// Pieces of inline Markdown: delimiters, escapes, references, links and code.
const INLINE: &[&str] = &[
    "a",
    "b c",
    " ",
    "  ",
    "*",
    "**",
    "_",
    "__",
    "`",
    "``",
    "\\",
    "\\*",
    "\\_",
    "\\|",
    "|",
    "[",
    "]",
    "(",
    ")",
    "!",
    "&amp;",
    "&#42;",
    "&nbsp;",
    "&bogus;",
    "é",
    "—",
    "[x](/y)",
    "[x](/y \"t\")",
    "![i](/p.png)",
    "[*e*](/z)",
    "`co de`",
    "#",
    "1.",
    "\n",
    "\n  ",
    "  \n",
    "\\\n",
    "`<x>`",
    "`{y}`",
    "`a@b`",
    "`h://i`",
    "`~`",
    "`\\`",
    "](https://a.b)",
    "](/c \"t\")",
    "https://e.f",
    "@",
    "<",
    "{",
    "www.g.h",
    "](",
    "\"",
];

/// Where a line of inline pieces is put: a paragraph, heading, item, quote or table cell.
const PREFIXES: &[&str] = &["", "# ", "- ", "1. ", "> ", "| x | y |\n|---|---|\n| "];

#[test]
fn generated_inline_text_gives_markdown_rs_trees() {
    let line = (
        0..PREFIXES.len(),
        proptest::collection::vec(0..INLINE.len(), 1..16),
    );
    let strategy = proptest::collection::vec(line, BATCH);
    docsite_test_support::fuzz(file!(), strategy, |lines| {
        lines.iter().try_for_each(|(prefix, pieces)| {
            let text: String = std::iter::once(PREFIXES[*prefix])
                .chain(pieces.iter().map(|&i| INLINE[i]))
                .collect();
            compare(&text)
        })
    });
}
