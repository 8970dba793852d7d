//! A short plain-text excerpt of a section around the first word of the query it holds.

use crate::text::{is_stop_word, words};

const SNIPPET_CHARS: usize = 240;

/// The section's text with Markdown's marks and its heading line dropped, whitespace folded.
fn plain(markdown: &str) -> String {
    let body = markdown
        .lines()
        .filter(|l| !l.trim_start().starts_with('#') && !l.trim_start().starts_with("```"))
        .collect::<Vec<_>>()
        .join(" ");
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '`' | '*' | '[' | '|' | '>' => {}
            // A link's target is not text: `[text](url)` → `text`.
            ']' if chars.peek() == Some(&'(') => {
                for d in chars.by_ref() {
                    if d == ')' {
                        break;
                    }
                }
            }
            c if c.is_whitespace() => {
                if !out.ends_with(' ') {
                    out.push(' ');
                }
            }
            c => out.push(c),
        }
    }
    out.trim().to_string()
}

pub fn snippet(markdown: &str, query: &str) -> String {
    let text = plain(markdown);
    let lower = text.to_lowercase();
    let needles: Vec<String> = words(query)
        .into_iter()
        .filter(|w| !is_stop_word(w) && w.len() >= 3)
        .collect();
    // Byte offsets of `lower` and `text` agree only while lower-casing keeps lengths; fall back
    // to the start otherwise.
    let at = needles
        .iter()
        .filter_map(|n| lower.find(n.as_str()))
        .min()
        .filter(|_| lower.len() == text.len())
        .unwrap_or(0);
    let start_char = text[..at].chars().count().saturating_sub(60);
    let excerpt: String = text.chars().skip(start_char).take(SNIPPET_CHARS).collect();
    let mut out = String::new();
    if start_char > 0 {
        out.push('…');
    }
    out.push_str(excerpt.trim());
    if start_char + SNIPPET_CHARS < text.chars().count() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centres_on_a_query_word_without_markup() {
        let md = format!(
            "## Retries\n\n{} Use [`RetryPolicy`](https://x/y) to retry.",
            "word ".repeat(100)
        );
        let s = snippet(&md, "how do I retry");
        assert!(s.starts_with('…'), "{s}");
        assert!(s.contains("RetryPolicy to retry."), "{s}");
        assert!(!s.contains("https://"), "{s}");
    }
}
