//! Small text helpers both writers share: escaping, plain text of a node list, link kinds.

use markdown::mdast::Node;

/// Line and column where a node starts (1-based).
pub fn position(node: &Node) -> (usize, usize) {
    node.position()
        .map_or((1, 1), |p| (p.start.line, p.start.column))
}

/// The text of a node list, without markup.
pub fn plain_text(nodes: &[Node]) -> String {
    let mut s = String::new();
    for n in nodes {
        match n {
            Node::Text(t) => s.push_str(&t.value),
            Node::InlineCode(c) => s.push_str(&c.value),
            Node::Break(_) => s.push(' '),
            Node::Image(i) => s.push_str(&i.alt),
            other => s.push_str(&plain_text(
                other.children().map(Vec::as_slice).unwrap_or_default(),
            )),
        }
    }
    s
}

/// A link that leaves the site: one with an allowed scheme (`https:`, `mailto:`), or
/// protocol-relative (`//host/x`). The scheme is parsed, not guessed from `://`.
pub fn is_external(href: &str) -> bool {
    let trimmed = href.trim_start_matches(|c: char| c <= ' ');
    trimmed.starts_with("//")
        || crate::sanitize::url_scheme(href)
            .is_some_and(|s| crate::sanitize::URL_SCHEMES.contains(&s.as_str()))
}

pub fn escape_html(text: &str) -> String {
    escape(text, false)
}

pub fn escape_attr(text: &str) -> String {
    escape(text, true)
}

/// `&`, `<` and `>` (and `"` in an attribute) as entities. Byte by byte, and text with none
/// copied whole: every label, title and link of every page's document of every version of a
/// versioned site comes through here, and most have nothing to escape.
fn escape(text: &str, quotes: bool) -> String {
    let entity = |b: u8| match b {
        b'&' => Some("&amp;"),
        b'<' => Some("&lt;"),
        b'>' => Some("&gt;"),
        b'"' if quotes => Some("&quot;"),
        _ => None,
    };
    let bytes = text.as_bytes();
    let Some(first) = bytes.iter().position(|&b| entity(b).is_some()) else {
        return text.to_string();
    };
    let mut out = String::with_capacity(text.len() + 16);
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate().skip(first) {
        if let Some(entity) = entity(b) {
            // The escaped bytes are ASCII, so every cut falls between characters.
            out.push_str(&text[start..i]);
            out.push_str(entity);
            start = i + 1;
        }
    }
    out.push_str(&text[start..]);
    out
}

pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::{escape_attr, escape_html};

    proptest::proptest! {
        /// The same as escaping character by character, and quotes after.
        #[test]
        fn escaping_is_character_by_character(text in "[a&<>\"é'\\n ]{0,16}") {
            let by_char: String = text
                .chars()
                .map(|c| match c {
                    '&' => "&amp;".to_string(),
                    '<' => "&lt;".to_string(),
                    '>' => "&gt;".to_string(),
                    c => c.to_string(),
                })
                .collect();
            proptest::prop_assert_eq!(escape_html(&text), by_char.clone());
            proptest::prop_assert_eq!(escape_attr(&text), by_char.replace('"', "&quot;"));
        }
    }
}
