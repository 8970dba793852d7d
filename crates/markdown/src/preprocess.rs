//! Line-preserving rewrites done before MDX parsing.
//!
//! MDX has no syntax for admonitions (`:::note`) and would read a heading's `{#custom-id}` as a
//! JavaScript expression, so both are rewritten first. Every rewrite keeps the line count, so
//! positions reported by the parser still point at the author's file.

use docsite_core::Diagnostic;
use std::collections::HashMap;

/// Docusaurus's default admonition keywords; a site may declare more.
pub const ADMONITION_TYPES: [&str; 7] = [
    "note",
    "tip",
    "info",
    "warning",
    "danger",
    "caution",
    "important",
];

/// The rewritten text and the custom heading ids, keyed by 1-based line.
#[derive(Debug, Default)]
pub struct Preprocessed {
    pub text: String,
    pub heading_ids: HashMap<usize, String>,
}

/// Rewrites the body; problems are collected (the rewrite goes on past them) so a page reports
/// all of them at once. `extra` holds the site's own admonition keywords. Only nesting past
/// [`crate::limits::MAX_NESTING`] stops it, as the only error.
pub fn preprocess(
    body: &str,
    extra: &[String],
) -> Result<(Preprocessed, Vec<Diagnostic>), Diagnostic> {
    let mut errors = Vec::new();
    let mut out = Preprocessed {
        text: String::with_capacity(body.len() + 64),
        ..Default::default()
    };
    let mut fence: Option<(char, usize)> = None;
    // An open ```mdx-code-block fence: its lines are MDX, only the fence lines go.
    let mut mdx_fence: Option<(char, usize)> = None;
    let mut in_comment = false;
    // Open admonitions: (colon count, line) so a closing fence matches its opener.
    let mut open: Vec<(usize, usize)> = Vec::new();
    for (index, raw) in body.split_inclusive('\n').enumerate() {
        let line_no = index + 1;
        let (line, newline) = match raw.strip_suffix('\n') {
            Some(l) => (l, "\n"),
            None => (raw, ""),
        };
        let trimmed = line.trim_start();
        if fence.is_none() {
            if let Some(f) = code_fence(trimmed) {
                if trimmed[f.1..].trim() == "mdx-code-block" && mdx_fence.is_none() {
                    mdx_fence = Some(f);
                    out.text.push_str(newline);
                    continue;
                }
                if mdx_fence.is_some_and(|(c, n)| c == f.0 && f.1 >= n && is_fence_only(trimmed)) {
                    mdx_fence = None;
                    out.text.push_str(newline);
                    continue;
                }
            }
        }
        // HTML comments are dropped (MDX has none); their newlines stay.
        let uncommented;
        let (line, trimmed) = if fence.is_none() && (in_comment || line.contains("<!--")) {
            uncommented = strip_comments(line, &mut in_comment);
            (uncommented.as_str(), uncommented.trim_start())
        } else {
            (line, trimmed)
        };
        let raw = if line.len() == raw.len() - newline.len() {
            raw
        } else {
            out.text.push_str(line);
            out.text.push_str(newline);
            continue;
        };
        let indent = &line[..line.len() - trimmed.len()];
        if let Some(f) = code_fence(trimmed) {
            fence = match fence {
                None => Some(f),
                Some((c, n)) if c == f.0 && f.1 >= n && is_fence_only(trimmed) => None,
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
            if !ADMONITION_TYPES.contains(&kind) && !extra.iter().any(|k| k == kind) {
                errors.push(
                    Diagnostic::error(format!("unknown admonition type `{kind}`"))
                        .at(body, line_no, indent.len() + 1)
                        .with_hint(format!(
                            "use one of {}, or declare it in site.yaml under `admonitions: keywords`",
                            ADMONITION_TYPES.map(|k| format!(":::{k}")).join(", ")
                        )),
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
    for &(_, line) in &open {
        errors.push(
            Diagnostic::error("admonition is not closed")
                .at(body, line, 1)
                .with_hint("close it with a line holding only `:::`"),
        );
    }
    Ok((out, errors))
}

fn code_fence(trimmed: &str) -> Option<(char, usize)> {
    let c = trimmed.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let n = trimmed.chars().take_while(|x| *x == c).count();
    (n >= 3).then_some((c, n))
}

fn is_fence_only(trimmed: &str) -> bool {
    let t = trimmed.trim_end();
    t.chars().all(|x| x == '`') || t.chars().all(|x| x == '~')
}

/// The line without its `<!-- … -->` parts (inline code spans kept as written).
/// `in_comment` carries a comment left open to the next line.
fn strip_comments(line: &str, in_comment: &mut bool) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while !rest.is_empty() {
        if *in_comment {
            match rest.find("-->") {
                Some(end) => {
                    rest = &rest[end + 3..];
                    *in_comment = false;
                }
                None => break,
            }
        } else if rest.starts_with('`') {
            // A code span: copy it whole, up to the closing run of the same length.
            let run = rest.len() - rest.trim_start_matches('`').len();
            let ticks = &rest[..run];
            let end = rest[run..]
                .find(ticks)
                .map_or(rest.len(), |e| run + e + run);
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        } else if rest.starts_with("<!--") {
            rest = &rest[4..];
            *in_comment = true;
        } else {
            let next = rest[1..].find(['`', '<']).map_or(rest.len(), |i| i + 1);
            out.push_str(&rest[..next]);
            rest = &rest[next..];
        }
    }
    out
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
    // A keyword is a word with dashes or underscores inside (`my-custom-admonition`).
    let kind_len = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .count();
    if kind_len == 0 || !rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
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

/// `## Heading {#custom-id}`, its escaped form `\{#custom-id}` and the MDX comment form
/// `{/* #custom-id */}` → (`## Heading`, `custom-id`).
fn custom_heading_id(line: &str) -> Option<(&str, &str)> {
    let t = line.trim_end();
    let (text, id) = if let Some(inner) = t.strip_suffix("*/}") {
        let open = inner.rfind("{/*")?;
        (&inner[..open], inner[open + 3..].trim().strip_prefix('#')?)
    } else {
        let inner = t.strip_suffix('}')?;
        let open = inner.rfind("{#")?;
        (&inner[..open], &inner[open + 2..])
    };
    if id.is_empty()
        || !id
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
    {
        return None;
    }
    let text = text.trim_end();
    Some((text.strip_suffix('\\').unwrap_or(text).trim_end(), id))
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
        let p = preprocess(src, &[]).unwrap().0;
        assert_eq!(
            p.text,
            "a\n<Admonition type=\"tip\" title=\"Be quick\">\n\nbody\n\n</Admonition>\nb\n"
        );
        assert_eq!(p.text.lines().count(), src.lines().count());
    }

    #[test]
    fn title_after_a_space_and_nesting() {
        let src = "::::note Outer\n:::warning\nx\n:::\n::::\n";
        let p = preprocess(src, &[]).unwrap().0;
        assert!(p
            .text
            .contains("<Admonition type=\"note\" title=\"Outer\">"));
        assert_eq!(p.text.matches("</Admonition>").count(), 2);
    }

    #[test]
    fn fenced_code_is_left_alone() {
        let src = "```\n:::note\n## A {#b}\n```\n";
        let p = preprocess(src, &[]).unwrap().0;
        assert_eq!(p.text, src);
        assert!(p.heading_ids.is_empty());
    }

    #[test]
    fn custom_heading_ids_are_taken_out() {
        let p = preprocess("text\n## Install it {#install}\n", &[])
            .unwrap()
            .0;
        assert_eq!(p.text, "text\n## Install it\n");
        assert_eq!(p.heading_ids.get(&2).map(String::as_str), Some("install"));
    }

    #[test]
    fn escaped_and_comment_heading_ids() {
        let p = preprocess("## A \\{#a-id}\n## B {/* #b-id */}\n", &[])
            .unwrap()
            .0;
        assert_eq!(p.text, "## A\n## B\n");
        assert_eq!(p.heading_ids.get(&1).map(String::as_str), Some("a-id"));
        assert_eq!(p.heading_ids.get(&2).map(String::as_str), Some("b-id"));
    }

    #[test]
    fn mdx_code_block_fences_are_unwrapped() {
        let src = "````mdx-code-block\n:::tip\n```js\nx\n```\n:::\n````\nafter\n";
        let p = preprocess(src, &[]).unwrap().0;
        assert_eq!(
            p.text,
            "\n<Admonition type=\"tip\">\n```js\nx\n```\n</Admonition>\n\nafter\n"
        );
    }

    #[test]
    fn html_comments_are_dropped_outside_code() {
        let src = "a <!-- one --> b `<!-- kept -->`\n<!-- two\nlines -->\nc\n```html\n<!-- code -->\n```\n";
        let p = preprocess(src, &[]).unwrap().0;
        assert_eq!(
            p.text,
            "a  b `<!-- kept -->`\n\n\nc\n```html\n<!-- code -->\n```\n"
        );
    }

    #[test]
    fn unknown_type_and_unclosed_are_errors() {
        let (_, e) = preprocess("x\n:::my-custom-admonition\ny\n:::\n:::bad\n:::\n", &[]).unwrap();
        assert_eq!(e.len(), 2, "every unknown keyword is reported");
        assert_eq!(e[0].line, 2);
        assert!(e[0].message.contains("`my-custom-admonition`"));
        let (_, e) = preprocess(":::note\ny\n", &[]).unwrap();
        assert!(e[0].message.contains("not closed"));
    }

    #[test]
    fn docusaurus_defaults_and_site_keywords() {
        let (p, e) = preprocess(":::caution\na\n:::\n:::important\nb\n:::\n", &[]).unwrap();
        assert!(e.is_empty());
        assert!(p.text.contains("type=\"caution\"") && p.text.contains("type=\"important\""));
        let extra = ["my-custom".to_string()];
        let (p, e) = preprocess(":::my-custom[Hi]\na\n:::\n", &extra).unwrap();
        assert!(e.is_empty());
        assert!(p
            .text
            .contains("<Admonition type=\"my-custom\" title=\"Hi\">"));
    }
}
