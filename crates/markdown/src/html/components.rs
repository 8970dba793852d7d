//! MDX components the site knows, as HTML: admonitions, tabs, details, card lists and code
//! examples, plus a small set of plain HTML elements. Anything else is an error naming the line.

use super::code::code_block;
use super::{elements, theme, Renderer};
use crate::examples::{example, ExampleError};
use crate::jsx::{Attrs, COMPONENTS};
use crate::page::CARDS_MARKER;
use crate::sanitize;
use crate::text::{capitalise, escape_attr, escape_html, plain_text};
use markdown::mdast::{AttributeContent, Node};
use std::collections::BTreeSet;

pub(crate) fn element(
    r: &mut Renderer,
    node: &Node,
    name: Option<&str>,
    attributes: &[AttributeContent],
    children: &[Node],
    flow: bool,
) {
    let attrs = Attrs(attributes);
    match name {
        None => r.flow(children),
        Some("Admonition") => admonition(r, &attrs, children),
        Some("Tabs") => tabs(r, node, &attrs, children),
        Some("TabItem") => r.error_at(node, "`<TabItem>` must be inside `<Tabs>`", None),
        Some("DocCardList") => {
            r.done.has_cards = true;
            r.out.push_str(CARDS_MARKER);
            r.out.push('\n');
        }
        Some("CodeExample") => code_example(r, node, &attrs),
        Some("ApiEntry") => super::api::entry(r, node, &attrs, children),
        Some("PyObject") => super::api::py_object_link(r, node, &attrs),
        Some("Param") => r.error_at(node, "`<Param>` must be inside `<ApiEntry>`", None),
        Some("TOCInline") => theme::toc_inline(r, &attrs),
        Some("CodeBlock") => r.code_block_component(node, &attrs, children),
        Some("head") => super::head::head(r, children),
        Some("ThemedImage") => theme::themed_image(r, node, &attrs),
        Some("Mermaid") => super::diagram::component(r, node, &attrs),
        Some(tag) if sanitize::is_allowed_element(tag) => {
            elements::html_element(r, node, tag, &attrs, children, flow)
        }
        Some(tag) if sanitize::REFUSED_ELEMENTS.contains(&tag) => r.error_at(
            node,
            format!("`<{tag}>` is not allowed in content"),
            Some("raw HTML may use the elements listed in `crates/markdown/src/sanitize.rs`"),
        ),
        Some(imported) if r.imports.contains_key(imported) => {
            theme::imported(r, node, imported, &attrs, children, flow)
        }
        Some(other) if r.options.dialect.children_only.iter().any(|c| c == other) => {
            r.warning_at(
                node,
                format!("unknown component `<{other}>` is shown as its content"),
            );
            if flow {
                r.flow(children)
            } else {
                r.inline_nodes(children)
            }
        }
        Some(other) => {
            let known = COMPONENTS.join(", ");
            r.error_at(
                node,
                format!("unknown component `<{other}>`"),
                Some(&format!(
                    "the site knows {known}, TOCInline, ThemedImage, imported files and plain HTML elements; \
                     list it under `childrenOnlyComponents` in site.yaml to show its content instead"
                )),
            );
        }
    }
}

fn admonition(r: &mut Renderer, attrs: &Attrs, children: &[Node]) {
    let kind = attrs.text("type").unwrap_or_else(|| "note".into());
    let title = attrs
        .text("title")
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| capitalise(&kind));
    let role = if matches!(kind.as_str(), "warning" | "danger" | "caution") {
        "alert"
    } else {
        "note"
    };
    r.out.push_str(&format!(
        "<div class=\"admonition admonition--{}\" role=\"{role}\"><p class=\"admonition__title\">{}</p><div class=\"admonition__body\">\n",
        escape_attr(&kind),
        escape_html(&title)
    ));
    r.flow(children);
    r.out.push_str("</div></div>\n");
}

fn tabs(r: &mut Renderer, node: &Node, attrs: &Attrs, children: &[Node]) {
    let mut items: Vec<(String, String, bool, &[Node])> = Vec::new();
    for child in children {
        match child {
            Node::MdxJsxFlowElement(e) if e.name.as_deref() == Some("TabItem") => {
                let a = Attrs(&e.attributes);
                let Some(value) = a.text("value") else {
                    r.error_at(child, "`<TabItem>` needs a `value`", None);
                    continue;
                };
                let label = a.text("label").unwrap_or_else(|| value.clone());
                items.push((value, label, a.flag("default"), &e.children));
            }
            Node::Paragraph(p) if plain_text(&p.children).trim().is_empty() => {}
            other => r.error_at(
                other,
                "only `<TabItem>` elements can be inside `<Tabs>`",
                None,
            ),
        }
    }
    if items.is_empty() {
        r.error_at(node, "`<Tabs>` has no `<TabItem>`", None);
        return;
    }
    let chosen = attrs
        .text("defaultValue")
        .or_else(|| items.iter().find(|i| i.2).map(|i| i.0.clone()))
        .unwrap_or_else(|| items[0].0.clone());
    let group = attrs
        .text("groupId")
        .map(|g| format!(" data-group-id=\"{}\"", escape_attr(&g)))
        .unwrap_or_default();
    r.out.push_str(&format!(
        "<div class=\"tabs\"{group}><div class=\"tabs__list\" role=\"tablist\">"
    ));
    for (value, label, _, _) in &items {
        r.out.push_str(&format!(
            "<button type=\"button\" role=\"tab\" class=\"tabs__tab\" data-value=\"{}\" aria-selected=\"{}\">{}</button>",
            escape_attr(value),
            *value == chosen,
            escape_html(label)
        ));
    }
    r.out.push_str("</div>\n");
    for (value, label, _, body) in &items {
        r.out.push_str(&format!(
            "<div class=\"tabs__panel\" role=\"tabpanel\" data-value=\"{}\" data-label=\"{}\" data-selected=\"{}\">\n",
            escape_attr(value),
            escape_attr(label),
            *value == chosen
        ));
        r.flow(body);
        r.out.push_str("</div>\n");
    }
    r.out.push_str("</div>\n");
}

fn code_example(r: &mut Renderer, node: &Node, attrs: &Attrs) {
    let example = match example(attrs, r.options.load_example) {
        Ok(e) => e,
        Err(ExampleError { message, hint }) => {
            r.error_at(node, message, hint);
            return;
        }
    };
    r.done.examples.push(example.path.clone());
    let url = (r.options.example_url)(&example.path);
    let block = code_block(
        &example.code,
        &example.language,
        example.title.as_deref(),
        &BTreeSet::new(),
        None,
        url.as_deref(),
    );
    r.out.push_str(&block);
}
