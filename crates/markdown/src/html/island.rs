//! A site component used in a page: its attributes and its children (written as HTML by this
//! writer, nested site components as markers) are recorded for the build, which renders the
//! component with React and puts its HTML where the marker stands.

use super::Renderer;
use crate::jsx::Attrs;
use crate::page::{island_marker, IslandUse, PropValue};
use crate::text::position;
use markdown::mdast::{AttributeContent, AttributeValue, Node};
use std::collections::BTreeMap;

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
    let mut prop_components = BTreeMap::new();
    for a in attrs.0 {
        match a {
            AttributeContent::Property(p) => props.push((
                p.name.clone(),
                match &p.value {
                    None => PropValue::True,
                    Some(AttributeValue::Literal(s)) => PropValue::Text(s.clone()),
                    Some(AttributeValue::Expression(e)) => {
                        for name in jsx_tags(&e.value) {
                            if let Some(found) = site_component(r, name) {
                                prop_components.insert(name.to_string(), found);
                            }
                        }
                        PropValue::Expression(e.value.clone())
                    }
                },
            )),
            AttributeContent::Expression(_) => {
                return r.error_at(
                    node,
                    format!(
                        "`<{}>`: spread attributes (`{{...x}}`) are page code",
                        site.name
                    ),
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
        prop_components,
        line,
        flow,
    });
}

/// The capitalised tag names of JSX in an expression's source (`<Star size={2} />`): the
/// names a prop may use as components. A scan, not a parse: the components crate parses the
/// expression and refuses a name this leaves out.
fn jsx_tags(source: &str) -> impl Iterator<Item = &str> {
    source.match_indices('<').filter_map(move |(i, _)| {
        let rest = &source[i + 1..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
            .unwrap_or(rest.len());
        let name = &rest[..end];
        name.starts_with(|c: char| c.is_ascii_uppercase())
            .then_some(name)
    })
}

/// The module and export of `name` when the page imports it as a site component.
fn site_component(r: &Renderer, name: &str) -> Option<(String, String)> {
    let path = r.imports.get(name)?;
    match (r.options.import)(path, r.options.from) {
        Ok(crate::page::Imported::Component { module, export }) => Some((module, export)),
        _ => None,
    }
}
