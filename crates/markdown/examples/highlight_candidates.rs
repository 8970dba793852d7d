//! Measures the highlighting candidates on the site's Python and YAML examples: bytes of HTML
//! and time per 1,000 source lines. `bench/run.py` runs it; by hand:
//! `cargo run -p docsite-markdown --example highlight_candidates -- site/examples`.
//!
//! Candidates: syntect with its full scope stacks (one span per scope, one class per scope
//! atom: what the engine emitted before) and syntect mapped to the small token-class set (what
//! it emits now). tree-sitter grammars were not measured here (see docs/ARCHITECTURE.md).

use std::collections::BTreeSet;
use std::path::Path;
use std::time::Instant;
use syntect::html::{line_tokens_to_classed_spans, ClassStyle};
use syntect::parsing::{ParseState, ScopeStack, SyntaxSet};
use syntect::util::LinesWithEndings;

/// A highlighter: code and language to HTML.
type Highlight<'a> = dyn Fn(&str, &str) -> String + 'a;

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "site/examples".into());
    let mut sources: Vec<(String, &str)> = Vec::new();
    collect(Path::new(&dir), &mut sources);
    let lines: usize = sources.iter().map(|(s, _)| s.lines().count()).sum();
    let bytes: usize = sources.iter().map(|(s, _)| s.len()).sum();
    println!(
        "{} files, {lines} lines, {bytes} bytes of source",
        sources.len()
    );
    docsite_markdown::highlight::warm_up();
    let syntaxes = two_face::syntax::extra_newlines();
    let none = BTreeSet::new();
    let candidates: [(&str, &Highlight); 2] = [
        ("syntect, full scope stacks", &|code, lang| {
            full_scopes(&syntaxes, code, lang)
        }),
        ("syntect, token classes", &|code, lang| {
            docsite_markdown::highlight::highlight_lines(code, lang, &none, false)
        }),
    ];
    for (name, highlight) in candidates {
        let mut best = f64::MAX;
        let mut out = 0;
        for _ in 0..3 {
            let start = Instant::now();
            out = sources
                .iter()
                .map(|(s, lang)| highlight(s, lang).len())
                .sum();
            best = best.min(start.elapsed().as_secs_f64());
        }
        let per = 1000.0 / lines as f64;
        println!(
            "{name}: {:.1} KB and {:.1} ms per 1,000 lines ({:.2}× the source)",
            out as f64 * per / 1000.0,
            best * 1000.0 * per,
            out as f64 / bytes as f64
        );
    }
}

fn collect(dir: &Path, out: &mut Vec<(String, &'static str)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        // Virtual environments and caches (`.venv`, `__pycache__`) are not the site's code.
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "__pycache__" {
            continue;
        }
        let lang = match path.extension().and_then(|e| e.to_str()) {
            Some("py") => "python",
            Some("yaml" | "yml") => "yaml",
            _ if path.is_dir() => {
                collect(&path, out);
                continue;
            }
            _ => continue,
        };
        if let Ok(text) = std::fs::read_to_string(&path) {
            out.push((text, lang));
        }
    }
}

/// The engine's earlier highlighter: every scope of the stack as a span with one class per atom.
fn full_scopes(syntaxes: &SyntaxSet, code: &str, lang: &str) -> String {
    let style = ClassStyle::SpacedPrefixed { prefix: "hl-" };
    let mut out = String::new();
    let Some(syntax) = syntaxes.find_syntax_by_token(lang) else {
        return out;
    };
    let mut state = ParseState::new(syntax);
    let mut stack = ScopeStack::new();
    for line in LinesWithEndings::from(code) {
        out.push_str("<span class=\"line\">");
        let text = line.trim_end_matches(['\n', '\r']);
        let ops = state.parse_line(line, syntaxes).unwrap_or_default();
        for scope in stack.as_slice() {
            let classes: Vec<String> = scope
                .build_string()
                .split('.')
                .map(|a| format!("hl-{a}"))
                .collect();
            out.push_str(&format!("<span class=\"{}\">", classes.join(" ")));
        }
        let ops: Vec<_> = ops
            .into_iter()
            .map(|(i, op)| (i.min(text.len()), op))
            .collect();
        if let Ok((html, _)) = line_tokens_to_classed_spans(text, &ops, style, &mut stack) {
            out.push_str(&html);
        }
        out.push_str(&"</span>".repeat(stack.len()));
        out.push_str("</span>\n");
    }
    out
}
