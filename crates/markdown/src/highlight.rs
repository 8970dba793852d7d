//! Build-time syntax highlighting into class-based spans, so light and dark themes are CSS only.

use std::collections::BTreeSet;
use std::sync::LazyLock;
use syntect::html::{css_for_theme_with_class_style, line_tokens_to_classed_spans, ClassStyle};
use syntect::parsing::{ParseState, ScopeStack, SyntaxReference, SyntaxSet};
use syntect::util::LinesWithEndings;
use two_face::theme::EmbeddedThemeName;

const STYLE: ClassStyle = ClassStyle::SpacedPrefixed { prefix: "hl-" };

/// bat's syntax set: syntect's own lacks TOML, Dockerfile and TypeScript.
static SYNTAXES: LazyLock<SyntaxSet> = LazyLock::new(two_face::syntax::extra_newlines);

/// Loads the syntax definitions now, so the first page to render does not pay for it.
pub fn warm_up() {
    LazyLock::force(&SYNTAXES);
}

fn syntax_for(lang: &str) -> Option<&'static SyntaxReference> {
    let token = match lang.to_ascii_lowercase().as_str() {
        "py" | "python3" => "python".to_string(),
        "shell" | "console" | "zsh" | "sh" => "bash".to_string(),
        "yml" => "yaml".to_string(),
        "docker" => "dockerfile".to_string(),
        "ts" => "typescript".to_string(),
        "js" | "mjs" | "cjs" => "javascript".to_string(),
        "text" | "txt" | "plaintext" | "plain" | "mermaid" => return None,
        other => other.to_string(),
    };
    SYNTAXES.find_syntax_by_token(&token)
}

/// Whether a language name is known to the highlighter (unknown ones show as plain text).
pub fn knows(lang: &str) -> bool {
    syntax_for(lang).is_some()
}

/// One `<span class="line">` per line, each balanced on its own so lines can be highlighted,
/// numbered or copied independently.
pub fn highlight_lines(code: &str, lang: &str, marked: &BTreeSet<usize>) -> String {
    let mut out = String::with_capacity(code.len() * 3);
    let syntax = syntax_for(lang);
    let mut state = syntax.map(ParseState::new);
    let mut stack = ScopeStack::new();
    for (index, line) in LinesWithEndings::from(code).enumerate() {
        let class = if marked.contains(&(index + 1)) {
            "line line--highlighted"
        } else {
            "line"
        };
        out.push_str(&format!("<span class=\"{class}\">"));
        let text = line.trim_end_matches(['\n', '\r']);
        match state
            .as_mut()
            .and_then(|s| s.parse_line(line, &SYNTAXES).ok())
        {
            Some(ops) => {
                for scope in stack.as_slice() {
                    out.push_str(&open_span(scope));
                }
                // Ops past the line's visible text (the newline) are kept so scopes stay right.
                let ops: Vec<_> = ops
                    .into_iter()
                    .map(|(i, op)| (i.min(text.len()), op))
                    .collect();
                match line_tokens_to_classed_spans(text, &ops, STYLE, &mut stack) {
                    Ok((html, _)) => out.push_str(&html),
                    Err(_) => out.push_str(&escape(text)),
                }
                out.push_str(&"</span>".repeat(stack.len()));
            }
            None => out.push_str(&escape(text)),
        }
        out.push_str("</span>\n");
    }
    out
}

fn open_span(scope: &syntect::parsing::Scope) -> String {
    let classes: Vec<String> = scope
        .build_string()
        .split('.')
        .map(|atom| format!("hl-{atom}"))
        .collect();
    format!("<span class=\"{}\">", classes.join(" "))
}

fn escape(text: &str) -> String {
    crate::text::escape_html(text)
}

/// The darkest background a token sits on in each mode (a highlighted line in the reading
/// app's code blocks); token colours are adjusted to read on it.
const LIGHT_BACKGROUND: [u8; 3] = [0xec, 0xec, 0xf7];
const DARK_BACKGROUND: [u8; 3] = [0x29, 0x2a, 0x3c];
/// WCAG AA for normal text, with a little margin.
const MIN_CONTRAST: f64 = 4.6;

/// CSS for both color modes: `[data-theme="light"]` and `[data-theme="dark"]` scope the rules.
/// Backgrounds are left to the app; every token colour reaches AA contrast on them.
pub fn theme_css() -> String {
    THEME_CSS.clone()
}

/// Made once per process: it depends on nothing but the embedded themes.
static THEME_CSS: LazyLock<String> = LazyLock::new(build_theme_css);

fn build_theme_css() -> String {
    let themes = two_face::theme::extra();
    let mut css = String::from("/* Code highlighting: OneHalfLight and OneHalfDark by class, adjusted to AA contrast. */\n");
    for (mode, name, bg) in [
        ("light", EmbeddedThemeName::OneHalfLight, LIGHT_BACKGROUND),
        ("dark", EmbeddedThemeName::OneHalfDark, DARK_BACKGROUND),
    ] {
        let raw = css_for_theme_with_class_style(themes.get(name), STYLE).unwrap_or_default();
        css.push_str(&scope_rules(
            &readable_colors(&raw, bg),
            &format!("[data-theme=\"{mode}\"]"),
        ));
    }
    css
}

/// Drops background declarations and moves each `color` towards black or white (whichever the
/// background is further from) until it reaches the minimum contrast.
fn readable_colors(css: &str, bg: [u8; 3]) -> String {
    let mut out = String::with_capacity(css.len());
    for line in css.lines() {
        let t = line.trim();
        if t.starts_with("background-color:") {
            continue;
        }
        match t
            .strip_prefix("color: #")
            .and_then(|h| h.strip_suffix(';'))
            .and_then(parse_hex)
        {
            Some(fg) => out.push_str(&format!(" color: {};\n", hex(with_contrast(fg, bg)))),
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

fn parse_hex(h: &str) -> Option<[u8; 3]> {
    if h.len() != 6 {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

fn luminance(c: [u8; 3]) -> f64 {
    let channel = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.03928 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])
}

/// The WCAG contrast ratio of two colours.
pub fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

fn with_contrast(fg: [u8; 3], bg: [u8; 3]) -> [u8; 3] {
    let target = if luminance(bg) > 0.5 { 0.0 } else { 255.0 };
    let mut c = fg;
    let mut step = 0.0;
    while contrast(c, bg) < MIN_CONTRAST && step < 1.0 {
        step += 0.05;
        c = fg.map(|v| (f64::from(v) + (target - f64::from(v)) * step).round() as u8);
    }
    c
}

/// Prefixes every selector of `css` with `scope`.
fn scope_rules(css: &str, scope: &str) -> String {
    let without_comments = css.split("*/").last().unwrap_or(css);
    let mut out = String::new();
    for rule in without_comments.split_inclusive('}') {
        let Some((selectors, body)) = rule.split_once('{') else {
            continue;
        };
        let scoped: Vec<String> = selectors
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                if s == ".hl-code" {
                    format!("{scope} .code")
                } else {
                    format!("{scope} {s}")
                }
            })
            .collect();
        if !scoped.is_empty() {
            out.push_str(&format!("{} {{{}\n", scoped.join(", "), body.trim_end()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
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
        let html = highlight_lines(
            "def f():\n    \"\"\"doc\n    more\"\"\"\n",
            "python",
            &BTreeSet::from([2]),
        );
        assert_eq!(html.matches("<span class=\"line").count(), 3);
        assert!(html.contains("line line--highlighted"));
        assert!(html.contains("hl-keyword"), "{html}");
        for line in html.lines() {
            assert_eq!(
                line.matches("<span").count(),
                line.matches("</span>").count(),
                "{line}"
            );
        }
    }

    #[test]
    fn plain_text_is_escaped() {
        let html = highlight_lines("<b>&\n", "text", &BTreeSet::new());
        assert_eq!(html, "<span class=\"line\">&lt;b&gt;&amp;</span>\n");
    }

    #[test]
    fn theme_css_covers_both_modes_with_readable_colours() {
        let css = theme_css();
        assert!(css.contains("[data-theme=\"light\"] .hl-comment"));
        assert!(css.contains("[data-theme=\"dark\"] .hl-comment"));
        assert!(!css.contains("background-color"));
        let mut mode_bg = LIGHT_BACKGROUND;
        for line in css.lines() {
            if line.contains("[data-theme=\"dark\"]") {
                mode_bg = DARK_BACKGROUND;
            }
            if let Some(c) = line
                .trim()
                .strip_prefix("color: #")
                .and_then(|h| h.strip_suffix(';'))
                .and_then(parse_hex)
            {
                assert!(contrast(c, mode_bg) >= 4.5, "{line} on {mode_bg:?}");
            }
        }
    }
}
