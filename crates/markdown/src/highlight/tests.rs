//! Tests of highlighting and of the theme colours' contrast.

use super::*;

#[test]
fn every_required_language_is_known() {
    for lang in [
        "python",
        "yaml",
        "bash",
        "shell",
        "sql",
        "json",
        "toml",
        "dockerfile",
        "javascript",
        "typescript",
        "diff",
    ] {
        assert!(knows(lang), "{lang}");
    }
    assert!(!knows("text"));
}

#[test]
fn lines_are_balanced_and_classed() {
    let code = "def f():\n    \"\"\"doc\n    more\"\"\"\n";
    let html = highlight_lines(code, "python", &BTreeSet::from([2]), false);
    // Only the marked line carries a wrapper; the others are bare, one per output line.
    assert_eq!(html.matches("<span class=\"line").count(), 1);
    assert_eq!(html.lines().count(), 3);
    assert!(html
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("<span class=\"line line--highlighted\">"));
    assert!(
        html.contains("<span class=\"hl-k\">def</span> <span class=\"hl-f\">f</span>"),
        "{html}"
    );
    assert!(
        html.contains("<span class=\"hl-c\">\"\"\"doc</span>"),
        "docstrings read as comments: {html}"
    );
    let numbered = highlight_lines(code, "python", &BTreeSet::new(), true);
    assert_eq!(numbered.matches("<span class=\"line\">").count(), 3);
    for html in [html, numbered] {
        for line in html.lines() {
            assert_eq!(
                line.matches("<span").count(),
                line.matches("</span>").count(),
                "{line}"
            );
        }
    }
}

#[test]
fn kept_blocks_are_reused_only_for_the_same_code_and_options() {
    keep_results(true);
    let marked = BTreeSet::from([1]);
    let a = highlight_block("x = 1\n", "python", &marked, false);
    let again = highlight_block("x = 1\n", "python", &marked, false);
    assert!(
        Arc::ptr_eq(&a, &again),
        "the same block is highlighted once"
    );
    let other = highlight_block("x = 1\n", "python", &BTreeSet::new(), false);
    assert!(!Arc::ptr_eq(&a, &other));
    assert_eq!(
        &*other,
        highlight_lines("x = 1\n", "python", &BTreeSet::new(), false)
    );
    keep_results(false);
    let fresh = highlight_block("x = 1\n", "python", &marked, false);
    assert!(!Arc::ptr_eq(&a, &fresh), "nothing is reused once off");
    assert_eq!(&*a, &*fresh);
}

#[test]
fn plain_text_is_escaped() {
    let html = highlight_lines("<b>&\n", "text", &BTreeSet::new(), false);
    assert_eq!(html, "&lt;b&gt;&amp;\n");
}

#[test]
fn theme_css_covers_both_modes_with_readable_colours() {
    let css = theme_css();
    assert!(css.contains("[data-theme=\"light\"] .hl-c {"));
    assert!(css.contains("[data-theme=\"dark\"] .hl-c {"));
    assert!(!css.contains("background-color"));
    let mut mode_bg = LIGHT_BACKGROUND;
    let mut checked = 0;
    for line in css.lines() {
        if line.contains("[data-theme=\"dark\"]") {
            mode_bg = DARK_BACKGROUND;
        }
        if let Some(c) = line
            .split("color: #")
            .nth(1)
            .and_then(|h| h.get(..6))
            .and_then(parse_hex)
        {
            assert!(contrast(c, mode_bg) >= 4.5, "{line} on {mode_bg:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 2 * (TokenClass::ALL.len() + 1));
}

#[test]
fn a_decorator_line_stays_small() {
    let code = "import dagster as dg\n\n\n@dg.asset\ndef orders(context: dg.AssetExecutionContext) -> None:\n    \"\"\"Load the orders table.\"\"\"\n    rows = fetch_orders(limit=100)\n    context.log.info(f\"loaded {len(rows)} rows\")\n    return 1  # one\n";
    let html = highlight_lines(code, "python", &BTreeSet::new(), false);
    // Syntect's scope stacks made this about 11× the source (the decorator line alone 700
    // bytes); one short span per run of a class keeps it under 3.5× even for this sample,
    // denser in tokens than the site's code (`bench/ratios.py` checks that all together).
    assert!(
        html.len() * 100 <= 350 * code.len(),
        "{} bytes: {html}",
        html.len()
    );
    assert!(
        html.contains("\n<span class=\"hl-d\">@dg.asset</span>\n"),
        "{html}"
    );
    assert!(html.contains("<span class=\"hl-c\"># one</span>"), "{html}");
    assert!(html.contains("<span class=\"hl-n\">1</span>"), "{html}");
}

fn parse_hex(h: &str) -> Option<[u8; 3]> {
    if h.len() != 6 {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

#[test]
fn a_block_with_a_line_past_the_bound_stays_plain() {
    let short = "x = \"a\\\"b\"\n";
    assert!(highlight_lines(short, "python", &BTreeSet::new(), false).contains("hl-"));
    let long = format!(
        "x = {}\ny = 1\n",
        "\"\\\"\" + ".repeat(MAX_HIGHLIGHTED_LINE / 6)
    );
    let html = highlight_lines(&long, "python", &BTreeSet::new(), false);
    assert!(!html.contains("hl-"), "no token spans");
    assert!(html.contains("y = 1"), "every line still shows");
}

#[test]
fn a_line_parsed_before_is_reused_only_in_the_same_state() {
    // `x = 1` as code, then inside a string, then as code again: one text in two states.
    let code = "x = 1\ns = \"\"\"\nx = 1\n\"\"\"\nx = 1\n";
    let html = highlight_lines(code, "python", &BTreeSet::new(), false);
    let lines: Vec<&str> = html.lines().collect();
    assert_eq!(lines[0], lines[4]);
    assert_eq!(lines[2], "<span class=\"hl-s\">x = 1</span>", "{html}");
    assert_ne!(lines[0], lines[2]);
    // Highlighted again from the lines this thread parsed, and on a thread that parsed none.
    assert_eq!(
        highlight_lines(code, "python", &BTreeSet::new(), false),
        html
    );
    let fresh =
        std::thread::spawn(move || highlight_lines(code, "python", &BTreeSet::new(), false));
    assert_eq!(fresh.join().unwrap(), html);
}
