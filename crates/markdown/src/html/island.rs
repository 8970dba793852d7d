//! A site component used in a page: its attributes and its children (written as HTML by this
//! writer, nested site components as markers) are recorded for the build, which renders the
//! component with React and puts its HTML where the marker stands.

use super::Renderer;
use crate::jsx::Attrs;
use crate::page::{island_marker, IslandUse, PropValue};
use crate::text::position;
use markdown::mdast::{AttributeContent, AttributeValue, Node};

/// The component a name imports.
pub(crate) struct SiteComponent<'a> {
    pub name: &'a str,
    pub module: String,
    pub export: String,
}

pub(crate) fn island(
    r: &mut Renderer,
    node: &Node,
    site: SiteComponent,
    attrs: &Attrs,
    children: &[Node],
    flow: bool,
) {
    let mut props = Vec::new();
    for a in attrs.0 {
        match a {
            AttributeContent::Property(p) => props.push((
                p.name.clone(),
                match &p.value {
                    None => PropValue::True,
                    Some(AttributeValue::Literal(s)) => PropValue::Text(s.clone()),
                    Some(AttributeValue::Expression(e)) => PropValue::Expression(e.value.clone()),
                },
            )),
            AttributeContent::Expression(_) => {
                return r.error_at(
                    node,
                    format!("`<{}>`: spread attributes (`{{...x}}`) are page code", site.name),
                    Some("give each prop as `name=\"text\"` or `name={literal}`"),
                );
            }
        }
    }
    // The children are written apart, with the nested uses they hold.
    let outer_html = std::mem::take(&mut r.out);
    let outer_uses = std::mem::take(&mut r.done.islands);
    if flow {
        r.flow(children);
    } else {
        r.inline_nodes(children);
    }
    let children_html = std::mem::replace(&mut r.out, outer_html);
    let nested = std::mem::replace(&mut r.done.islands, outer_uses);
    let (line, _) = position(node);
    r.out.push_str(&island_marker(r.done.islands.len()));
    if flow {
        r.out.push('\n');
    }
    r.done.islands.push(IslandUse {
        name: site.name.to_string(),
        module: site.module,
        export: site.export,
        props,
        children_html,
        nested,
        line,
        flow,
    });
}
