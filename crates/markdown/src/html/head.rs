//! `<head>` in a page, Docusaurus's way to add metadata to that page's document: `<title>`,
//! `<meta>` and `<link>` children, each attribute and `rel` from an allow-list (no
//! `http-equiv`, which could redirect the page or loosen its CSP, no stylesheets or scripts).
//! What is not allowed is dropped with a warning.

use super::Renderer;
use crate::jsx::Attrs;
use crate::page::HeadTag;
use crate::text::plain_text;
use markdown::mdast::Node;

const META_ATTRIBUTES: &[&str] = &["name", "property", "content", "itemprop"];
const LINK_ATTRIBUTES: &[&str] = &["rel", "href", "hreflang", "type", "title", "sizes", "media"];
/// Link relations that load nothing the page runs or styles.
const LINK_RELS: &[&str] = &[
    "canonical",
    "alternate",
    "author",
    "license",
    "help",
    "next",
    "prev",
    "preconnect",
    "dns-prefetch",
    "me",
];

pub(crate) fn head(r: &mut Renderer, children: &[Node]) {
    for child in children {
        let (name, attributes, inner) = match child {
            Node::MdxJsxFlowElement(e) => (e.name.as_deref(), &e.attributes, &e.children),
            Node::MdxJsxTextElement(e) => (e.name.as_deref(), &e.attributes, &e.children),
            Node::Paragraph(p) => {
                head(r, &p.children);
                continue;
            }
            Node::Text(t) if t.value.trim().is_empty() => continue,
            other => {
                r.warning_at(
                    other,
                    "only `<title>`, `<meta>` and `<link>` are read in `<head>`: this is dropped",
                );
                continue;
            }
        };
        let attrs = Attrs(attributes);
        match name {
            Some("title") => r.done.head.push(HeadTag::Title(plain_text(inner).trim().to_string())),
            Some("meta") => {
                // A `<meta>` says what it names (`name`, `property`); without one it is dropped.
                let kept = kept_attributes(r, child, &attrs, "meta", META_ATTRIBUTES)
                    .filter(|k| k.iter().any(|(n, _)| n != "content"));
                if let Some(kept) = kept {
                    r.done.head.push(HeadTag::Meta(kept));
                }
            }
            Some("link") => link(r, child, &attrs),
            other => r.warning_at(
                child,
                format!("`<{}>` is dropped from `<head>`: only `<title>`, `<meta>` and `<link>` are read", other.unwrap_or("")),
            ),
        }
    }
}

fn link(r: &mut Renderer, node: &Node, attrs: &Attrs) {
    let Some(mut kept) = kept_attributes(r, node, attrs, "link", LINK_ATTRIBUTES) else {
        return;
    };
    let rel = kept
        .iter()
        .find(|(n, _)| n == "rel")
        .map(|(_, v)| v.to_ascii_lowercase());
    if !rel
        .as_deref()
        .is_some_and(|rel| rel.split_ascii_whitespace().all(|r| LINK_RELS.contains(&r)))
    {
        r.warning_at(
            node,
            format!(
                "`<link rel=\"{}\">` is dropped from `<head>` (allowed: {})",
                rel.unwrap_or_default(),
                LINK_RELS.join(", ")
            ),
        );
        return;
    }
    for (name, value) in &mut kept {
        if name == "href" {
            *value = r.href(node, value);
        }
    }
    r.done.head.push(HeadTag::Link(kept));
}

/// The attributes of a `<meta>` or `<link>` that are allowed, a warning naming the others.
fn kept_attributes(
    r: &mut Renderer,
    node: &Node,
    attrs: &Attrs,
    tag: &str,
    allowed: &[&str],
) -> Option<Vec<(String, String)>> {
    let mut kept = Vec::new();
    for name in attrs.names() {
        let lower = name.to_ascii_lowercase();
        if allowed.contains(&lower.as_str()) {
            kept.push((lower, attrs.text(name).unwrap_or_default()));
        } else if lower != "charset" {
            // `charSet` says utf-8, which every document of the site already is.
            r.warning_at(
                node,
                format!(
                    "attribute `{name}` of `<{tag}>` in `<head>` is dropped (allowed: {})",
                    allowed.join(", ")
                ),
            );
        }
    }
    (!kept.is_empty()).then_some(kept)
}
