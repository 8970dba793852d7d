//! Line-preserving rewrites done before MDX parsing.
//!
//! MDX has no syntax for admonitions (`:::note`) and would read a heading's `{#custom-id}` as a
//! JavaScript expression, so both are rewritten first. Every rewrite keeps the line count, so
//! positions reported by the parser still point at the author's file.

use docsite_core::Diagnostic;
use std::collections::HashMap;

pub const ADMONITION_TYPES: [&str; 5] = ["note", "tip", "info", "warning", "danger"];

/// The rewritten text and the custom heading ids, keyed by 1-based line.
#[derive(Debug, Default)]
pub struct Preprocessed {
    pub text: String,
    pub heading_ids: HashMap<usize, String>,
}

pub fn preprocess(body: &str) -> Result<Preprocessed, Diagnostic> {
    let mut out = Preprocessed {
        text: String::with_capacity(body.len() + 64),
        ..Default::default()
    };
    let mut fence: Option<(char, usize)> = None;
    // Open admonitions: (colon count, line) so a closing fence matches its opener.
    let mut open: Vec<(usize, usize)> = Vec::new();
    for (index, raw) in body.split_inclusive('\n').enumerate() {
        let line_no = index + 1;
        let (line, newline) = match raw.strip_suffix('\n') {
            Some(l) => (l, "\n"),
            None => (raw, ""),
        };
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        if let Some(f) = code_fence(trimmed) {
            fence = match fence {
                None => Some(f),
                Some((c, n))
                    if c == f.0 && f.1 >= n && trimmed.trim_end().chars().all(|x| x == c) =>
                {
                    None
                }
                other => other,
            };
            out.text.push_str(raw);
            continue;
        }
        if fence.is_some() {
            out.text.push_str(raw);
            continue;
        }
        if let Some(colons) = admonition_close(trimmed) {
            match open.last() {
                Some(&(n, _)) if n == colons => {
                    open.pop();
                    out.text.push_str(indent);
                    out.text.push_str("</Admonition>");
                    out.text.push_str(newline);
                    continue;
                }
                _ => {}
            }
        }
        if let Some((colons, kind, title)) = admonition_open(trimmed) {
            if !ADMONITION_TYPES.contains(&kind) {
                return Err(
                    Diagnostic::error(format!("unknown admonition type `{kind}`"))
                        .at(body, line_no, indent.len() + 1)
                        .with_hint("use one of :::note, :::tip, :::info, :::warning, :::danger"),
                );
            }
            open.push((colons, line_no));
            if open.len() > crate::limits::MAX_NESTING {
                return Err(crate::limits::too_deep(body, line_no, indent.len() + 1));
            }
            out.text.push_str(indent);
            out.text.push_str(&format!("<Admonition type=\"{kind}\""));
            if let Some(t) = title {
                out.text.push_str(&format!(" title=\"{}\"", attr_escape(t)));
            }
            out.text.push('>');
            out.text.push_str(newline);
            continue;
        }
        if trimmed.starts_with('#') {
            if let Some((text, id)) = custom_heading_id(line) {
                out.heading_ids.insert(line_no, id.to_string());
                out.text.push_str(text);
                out.text.push_str(newline);
                continue;
            }
        }
        out.text.push_str(raw);
    }
    if let Some(&(_, line)) = open.last() {
        return Err(Diagnostic::error("admonition is not closed")
            .at(body, line, 1)
            .with_hint("close it with a line holding only `:::`"));
    }
    Ok(out)
}

fn code_fence(trimmed: &str) -> Option<(char, usize)> {
    let c = trimmed.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let n = trimmed.chars().take_while(|x| *x == c).count();
    (n >= 3).then_some((c, n))
}

fn admonition_close(trimmed: &str) -> Option<usize> {
    let t = trimmed.trim_end();
    (t.len() >= 3 && t.chars().all(|c| c == ':')).then_some(t.len())
}

/// `:::note`, `:::tip[Title]` or `:::tip Title`.
fn admonition_open(trimmed: &str) -> Option<(usize, &str, Option<&str>)> {
    let colons = trimmed.chars().take_while(|c| *c == ':').count();
    if colons < 3 {
        return None;
    }
    let rest = trimmed[colons..].trim_end();
    let kind_len = rest.chars().take_while(|c| c.is_ascii_alphabetic()).count();
    if kind_len == 0 {
        return None;
    }
    let (kind, after) = rest.split_at(kind_len);
    let title = if let Some(inner) = after.strip_prefix('[') {
        inner.strip_suffix(']').or(Some(inner))
    } else {
        Some(after.trim()).filter(|t| !t.is_empty())
    };
    Some((colons, kind, title))
}

/// `## Heading {#custom-id}` → (`## Heading`, `custom-id`).
fn custom_heading_id(line: &str) -> Option<(&str, &str)> {
    let t = line.trim_end();
    let inner = t.strip_suffix('}')?;
    let open = inner.rfind("{#")?;
    let id = &inner[open + 2..];
    if id.is_empty()
        || !id
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
    {
        return None;
    }
    Some((inner[..open].trim_end(), id))
}

fn attr_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('{', "&#123;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admonitions_become_components_on_the_same_lines() {
        let src = "a\n:::tip[Be quick]\n\nbody\n\n:::\nb\n";
        let p = preprocess(src).unwrap();
        assert_eq!(
            p.text,
            "a\n<Admonition type=\"tip\" title=\"Be quick\">\n\nbody\n\n</Admonition>\nb\n"
        );
        assert_eq!(p.text.lines().count(), src.lines().count());
    }

    #[test]
    fn title_after_a_space_and_nesting() {
        let src = "::::note Outer\n:::warning\nx\n:::\n::::\n";
        let p = preprocess(src).unwrap();
        assert!(p
            .text
            .contains("<Admonition type=\"note\" title=\"Outer\">"));
        assert_eq!(p.text.matches("</Admonition>").count(), 2);
    }

    #[test]
    fn fenced_code_is_left_alone() {
        let src = "```\n:::note\n## A {#b}\n```\n";
        let p = preprocess(src).unwrap();
        assert_eq!(p.text, src);
        assert!(p.heading_ids.is_empty());
    }

    #[test]
    fn custom_heading_ids_are_taken_out() {
        let p = preprocess("text\n## Install it {#install}\n").unwrap();
        assert_eq!(p.text, "text\n## Install it\n");
        assert_eq!(p.heading_ids.get(&2).map(String::as_str), Some("install"));
    }

    #[test]
    fn unknown_type_and_unclosed_are_errors() {
        let e = preprocess("x\n:::caution\ny\n:::\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("caution"));
        let e = preprocess(":::note\ny\n").unwrap_err();
        assert!(e.message.contains("not closed"));
    }
}
