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
    crate::render::escape_html(text)
}

/// CSS for both color modes: `[data-theme="light"]` and `[data-theme="dark"]` scope the rules.
pub fn theme_css() -> String {
    let themes = two_face::theme::extra();
    let mut css =
        String::from("/* Code highlighting: OneHalfLight and OneHalfDark, by class. */\n");
    for (mode, name) in [
        ("light", EmbeddedThemeName::OneHalfLight),
        ("dark", EmbeddedThemeName::OneHalfDark),
    ] {
        let raw = css_for_theme_with_class_style(themes.get(name), STYLE).unwrap_or_default();
        css.push_str(&scope_rules(&raw, &format!("[data-theme=\"{mode}\"]")));
    }
    css
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
    fn theme_css_covers_both_modes() {
        let css = theme_css();
        assert!(css.contains("[data-theme=\"light\"] .hl-comment"));
        assert!(css.contains("[data-theme=\"dark\"] .hl-comment"));
    }
}
