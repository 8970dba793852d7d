//! Diagrams in the HTML: ```` ```mermaid ```` blocks (when the site draws them) and
//! `<Mermaid value={`…`} />`, drawn by [`crate::diagrams`]; one that cannot be drawn is an
//! error at its line.

use super::Renderer;
use crate::diagrams;
use crate::jsx::{Attrs, Value};
use crate::text::position;
use markdown::mdast::Node;

/// A fenced ```` ```mermaid ```` block.
pub(super) fn fenced(r: &mut Renderer, node: &Node, source: &str) {
    draw(r, node, source);
}

/// `<Mermaid value={`graph TD; A-->B`} />`, as Docusaurus's `@theme/Mermaid` takes it.
pub(super) fn component(r: &mut Renderer, node: &Node, attrs: &Attrs) {
    match attrs.get("value") {
        Some(Value::Expr(e)) if e.contains("${") => r.error_at(
            node,
            "`<Mermaid value>` with `${…}` needs a JavaScript runtime",
            Some("write the diagram as a plain string or a template literal without substitutions"),
        ),
        Some(v @ (Value::Text(_) | Value::Expr(_))) => {
            let source = template_text(&v.text());
            draw(r, node, &source)
        }
        _ => r.error_at(node, "`<Mermaid>` needs a `value` (the diagram's source)", None),
    }
}

/// A template literal's text as JavaScript reads it: `\`` and `\\` unescaped.
fn template_text(text: &str) -> String {
    text.replace("\\`", "`").replace("\\\\", "\\")
}

fn draw(r: &mut Renderer, node: &Node, source: &str) {
    let (line, _) = position(node);
    let before = diagrams::text_before(r.body, line);
    let name = diagrams::accessible_name(source, before.as_deref());
    let id = diagram_id(source, line, r.options.from);
    match diagrams::draw(source, &id, &name) {
        Ok(html) => r.out.push_str(&html),
        Err(e) => r.error_at(
            node,
            format!("cannot draw the Mermaid diagram: {e}"),
            Some("check the diagram's syntax (mermaid.js.org), or mark the block ```text to show it as code"),
        ),
    }
}

/// An id unique in the page: the diagram's source, line and file give it (FNV-1a), so it is
/// the same in every build.
fn diagram_id(source: &str, line: usize, from: Option<&str>) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let line = line.to_string();
    for bytes in [source.as_bytes(), line.as_bytes(), from.unwrap_or("").as_bytes()] {
        for &b in bytes.iter().chain([0u8].iter()) {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("mermaid-{:016x}", hash)
}
