//! The renderer's CSS (its `<style>` sheet and `style` attributes) kept only as far as it is
//! drawing: an allow-list of properties, colours replaced by the site's tokens, no `url()`
//! but to a marker of the same diagram, no at-rules, and every selector inside the diagram.

use super::colours;

/// Properties a diagram's CSS may set. Colours are rewritten; the rest are plain values.
const PROPERTIES: &[&str] = &[
    "fill",
    "stroke",
    "color",
    "stroke-width",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-opacity",
    "fill-opacity",
    "opacity",
    "font-size",
    "font-weight",
    "font-style",
    "text-anchor",
    "dominant-baseline",
    "alignment-baseline",
    "display",
    "visibility",
    "marker-end",
    "marker-start",
];

const COLOUR_PROPERTIES: &[&str] = &["fill", "stroke", "color"];

/// Declarations (`a:b;c:d`) cleaned: `None` when nothing is left. `id` is the diagram's id,
/// the only prefix a `url(#…)` may point at.
pub(super) fn declarations(text: &str, id: &str) -> Option<String> {
    let kept: Vec<String> = text
        .split(';')
        .filter_map(|d| declaration(d, id))
        .collect();
    (!kept.is_empty()).then(|| kept.join(";"))
}

fn declaration(text: &str, id: &str) -> Option<String> {
    let (property, value) = text.split_once(':')?;
    let property = property.trim().to_ascii_lowercase();
    let value = value.trim();
    let (value, important) = match value.strip_suffix("!important") {
        Some(v) => (v.trim(), "!important"),
        None => (value, ""),
    };
    if !PROPERTIES.contains(&property.as_str()) || value.is_empty() {
        return None;
    }
    let value = if COLOUR_PROPERTIES.contains(&property.as_str()) {
        colours::token(value)?.to_string()
    } else if property.starts_with("marker-") {
        marker_reference(value, id)?
    } else if plain_value(value) {
        value.to_string()
    } else {
        return None;
    };
    Some(format!("{property}:{value}{important}"))
}

/// `url(#<id>…)` to a marker of this diagram; anything else is refused.
pub(super) fn marker_reference(value: &str, id: &str) -> Option<String> {
    let target = value.strip_prefix("url(#")?.strip_suffix(')')?;
    (target.starts_with(id) && safe_name(target)).then(|| format!("url(#{target})"))
}

/// Numbers, words, lengths and lists of them: nothing that can call a function or escape.
fn plain_value(value: &str) -> bool {
    value
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | ',' | '.' | '-' | '%' | '+'))
}

pub(super) fn safe_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
}

/// A stylesheet: rules whose every selector starts with `#<id>` and holds only simple
/// selector syntax, their declarations cleaned; at-rules (`@keyframes`, `@import`, …) and
/// rules nested in them are dropped.
pub(super) fn stylesheet(text: &str, id: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let selector = rest[..open].trim();
        let Some(len) = block_len(&rest[open..]) else {
            break;
        };
        let body = &rest[open + 1..open + len - 1];
        rest = &rest[open + len..];
        // `data-*` attributes are not written, so rules that select on them never match.
        if selector.starts_with('@')
            || body.contains('{')
            || selector.contains("[data-")
            || !selectors_ok(selector, id)
        {
            continue;
        }
        if let Some(decls) = declarations(body, id) {
            out.push_str(selector);
            out.push('{');
            out.push_str(&decls);
            out.push('}');
        }
    }
    out
}

/// The length of a `{…}` block with its braces, nested blocks included.
fn block_len(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

fn selectors_ok(selector: &str, id: &str) -> bool {
    let prefix = format!("#{id}");
    selector.split(',').all(|s| {
        let s = s.trim();
        s.strip_prefix(&prefix)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '.', '>', ':', '[']))
            && s.chars().all(|c| {
                c.is_ascii_alphanumeric()
                    || matches!(
                        c,
                        ' ' | '#' | '.' | '-' | '_' | '>' | ':' | '(' | ')' | '[' | ']' | '=' | '"' | '*' | '+' | '~'
                    )
            })
    })
}

#[cfg(test)]
mod tests {
    use super::{declarations, stylesheet};

    #[test]
    fn colours_become_tokens_and_the_rest_is_dropped() {
        assert_eq!(
            declarations("fill:#ffffff;stroke:#28253D;font-family:\"Recursive\";stroke-width:2px", "d1"),
            Some("fill:var(--c-bg);stroke:var(--c-text);stroke-width:2px".into())
        );
        assert_eq!(declarations("fill:url(https://x.io/a.svg)", "d1"), None);
        assert_eq!(declarations("background:url(x)", "d1"), None);
        assert_eq!(declarations("stroke-width:calc(1px + expression(1))", "d1"), None);
        assert_eq!(
            declarations("marker-end:url(#d1_arrow)", "d1"),
            Some("marker-end:url(#d1_arrow)".into())
        );
        assert_eq!(declarations("marker-end:url(#other)", "d1"), None);
    }

    #[test]
    fn rules_outside_the_diagram_and_at_rules_are_dropped() {
        let css = "#d1{font-family:x;fill:#333}@keyframes dash{to{stroke-dashoffset:0}}\
                   body{display:none}#d1 .node rect,#d1 .cluster rect{fill:#fff;stroke:#9370DB}\
                   @import url(x.css);#d1 .a,p{fill:red}#d10 .x{fill:red}#d1 [data-look=\"neo\"] rect{fill:red}";
        assert_eq!(
            stylesheet(css, "d1"),
            "#d1{fill:var(--c-text)}#d1 .node rect,#d1 .cluster rect{fill:var(--c-bg);stroke:var(--c-accent)}"
        );
    }
}
