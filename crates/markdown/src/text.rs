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
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
    out
}

pub fn escape_attr(text: &str) -> String {
    escape_html(text).replace('"', "&quot;")
}

pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
