//! Markdown syntax pieces: fences, code spans, link destinations, quotes, list items.

/// `{/* comment */}` says nothing; `{"text"}` says its text. Anything else would need a
/// JavaScript runtime (the HTML rendering rejects it).
pub(super) fn expression(value: &str) -> Option<String> {
    let v = value.trim();
    if v.is_empty() || (v.starts_with("/*") && v.ends_with("*/")) {
        return Some(String::new());
    }
    crate::js_string::whole(v)
}

/// An npm2yarn block as its tabs: each label in bold, then its command (see `npm2yarn`).
pub(super) fn npm2yarn_tabs(
    lang: &str,
    code: &str,
    config: &docsite_core::config::Npm2YarnConfig,
) -> String {
    crate::npm2yarn::tabs(code, &config.converters)
        .iter()
        .map(|(value, code)| {
            format!(
                "**{}**\n\n{}",
                crate::npm2yarn::label(value),
                fence(lang, None, code)
            )
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// A fenced code block, long enough a fence that the code cannot close it. Only the title of
/// the meta is kept: line highlights and numbers mean nothing in plain text.
pub(super) fn fence(lang: &str, title: Option<&str>, code: &str) -> String {
    let code = code.strip_suffix('\n').unwrap_or(code);
    let longest = code
        .lines()
        .map(|l| l.trim_start().chars().take_while(|c| *c == '`').count())
        .max()
        .unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    let mut info = lang.to_string();
    if let Some(t) = title {
        if info.is_empty() {
            info.push_str("text");
        }
        let q = if t.contains('"') { '\'' } else { '"' };
        info.push_str(&format!(" title={q}{t}{q}"));
    }
    if code.is_empty() {
        format!("{fence}{info}\n{fence}")
    } else {
        format!("{fence}{info}\n{code}\n{fence}")
    }
}

pub(super) fn code_span(text: &str) -> String {
    let ticks = text.chars().filter(|c| *c == '`').count();
    if ticks == 0 {
        format!("`{text}`")
    } else {
        format!("`` {text} ``")
    }
}

/// A link destination, in angle brackets when it holds spaces or parentheses.
pub(super) fn destination(href: &str) -> String {
    if href.contains([' ', '(', ')']) {
        format!("<{href}>")
    } else {
        href.to_string()
    }
}

pub(super) fn title_part(title: Option<&str>) -> String {
    title
        .map(|t| format!(" \"{}\"", t.replace('"', "\\\"")))
        .unwrap_or_default()
}

/// Prefixes every line with `> ` (`>` alone on empty lines).
pub(super) fn quote(text: &str) -> String {
    text.lines()
        .map(|l| {
            if l.is_empty() {
                ">".to_string()
            } else {
                format!("> {l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `- body`, the body's later lines indented under its first.
pub(super) fn list_item(marker: &str, body: &str) -> String {
    if body.is_empty() {
        return marker.to_string();
    }
    indent_after_first(&format!("{marker} {body}"), marker.len() + 1)
}

pub(super) fn indent_after_first(text: &str, width: usize) -> String {
    let pad = " ".repeat(width);
    let mut out = String::with_capacity(text.len() + 16);
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push('\n');
            if !line.is_empty() {
                out.push_str(&pad);
            }
        }
        out.push_str(line);
    }
    out
}
