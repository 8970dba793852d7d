//! API reference in HTML: `<ApiEntry>` (heading, badges, signature, source link, prose,
//! parameter table), `<PyObject>` and `api:` links, and inline code that names a documented API.

use super::code::code_block;
use super::Renderer;
use crate::api_entry::{self, badge, py_object, Entry};
use crate::jsx::Attrs;
use crate::text::{escape_attr, escape_html};
use docsite_core::model::TocItem;
use markdown::mdast::Node;

pub(crate) fn entry(r: &mut Renderer, node: &Node, attrs: &Attrs, children: &[Node]) {
    let entry = match api_entry::read(node, attrs, children, r.options.api) {
        Ok(e) => e,
        Err(errors) => {
            for e in errors {
                r.error_at(e.node, e.message, None);
            }
            return;
        }
    };
    // The entry's name is its heading's id.
    if let Some(problem) = crate::sanitize::id_problem(&entry.name) {
        r.error_at(node, problem, None);
        return;
    }
    let level = entry.level(attrs);
    heading(r, &entry, level);
    let kind = &entry.object().kind;
    r.out.push_str(&format!(
        "<div class=\"api-entry\" data-kind=\"{}\">\n",
        escape_attr(kind)
    ));
    badges(r, &entry);
    r.out.push_str(&code_block(
        &entry.signature(),
        "python",
        None,
        &Default::default(),
        None,
        None,
    ));
    r.out.push_str(&format!(
        "<p class=\"api-entry__source\"><a href=\"{}\" target=\"_blank\" rel=\"noopener noreferrer\">source</a></p>\n",
        escape_attr(&entry.source_url())
    ));
    for child in &entry.prose {
        r.node(child, false);
    }
    params(r, &entry);
    r.out.push_str("</div>\n");
}

fn heading(r: &mut Renderer, entry: &Entry, level: u8) {
    let id = &entry.name;
    let text = entry.short_name();
    if (r.options.toc_min..=r.options.toc_max).contains(&level) {
        r.done.toc.push(TocItem {
            id: id.clone(),
            text: text.to_string(),
            level,
        });
    }
    r.done.anchors.push(id.clone());
    r.out.push_str(&format!(
        "<h{level} id=\"{id}\" class=\"api-entry__name\"><code>{text}</code><a class=\"hash-link\" href=\"#{id}\" aria-label=\"Direct link to {name}\">#</a></h{level}>\n",
        id = escape_attr(id),
        text = escape_html(text),
        name = escape_attr(id),
    ));
}

fn badges(r: &mut Renderer, entry: &Entry) {
    if entry.object().lifecycle.is_empty() {
        return;
    }
    r.out.push_str("<p class=\"api-entry__badges\">");
    for l in &entry.object().lifecycle {
        let (label, detail) = badge(l);
        let title = detail
            .map(|d| format!(" title=\"{}\"", escape_attr(&d)))
            .unwrap_or_default();
        r.out.push_str(&format!(
            "<span class=\"badge badge--{}\"{title}>{}</span>",
            escape_attr(&label),
            escape_html(&label)
        ));
    }
    r.out.push_str("</p>\n");
}

fn params(r: &mut Renderer, entry: &Entry) {
    let Some(params) = entry.object().parameters.as_ref().filter(|p| !p.is_empty()) else {
        return;
    };
    r.out.push_str("<table class=\"api-params\">\n<thead><tr><th>Parameter</th><th>Type</th><th>Default</th><th>Description</th></tr></thead>\n<tbody>\n");
    for p in params {
        let annotation = p.annotation.as_deref().unwrap_or("");
        let default = match (&p.default, p.required) {
            (Some(d), _) => format!("<code>{}</code>", escape_html(d)),
            (None, true) => "required".into(),
            (None, false) => String::new(),
        };
        let mut badges = String::new();
        for l in &p.lifecycle {
            let (label, _) = badge(l);
            badges.push_str(&format!(
                " <span class=\"badge badge--{}\">{}</span>",
                escape_attr(&label),
                escape_html(&label)
            ));
        }
        let description = entry.description(&p.name).unwrap_or_default();
        let saved = std::mem::take(&mut r.out);
        r.flow_tight(description);
        let described = std::mem::replace(&mut r.out, saved);
        r.out.push_str(&format!(
            "<tr><td><code>{}</code>{badges}</td><td><code>{}</code></td><td>{default}</td><td>{}</td></tr>\n",
            escape_html(&p.display_name()),
            escape_html(annotation),
            described.trim()
        ));
    }
    r.out.push_str("</tbody>\n</table>\n");
}

/// `<PyObject module="dagster" object="asset" />`: a link to the entry, as code.
pub(crate) fn py_object_link(r: &mut Renderer, node: &Node, attrs: &Attrs) {
    let Some((name, text)) = py_object(attrs) else {
        r.error_at(node, "`<PyObject>` needs an `object`", None);
        return;
    };
    match api_href(r, node, &name) {
        Some(href) => r.out.push_str(&format!(
            "<a href=\"{}\"><code>{}</code></a>",
            escape_attr(&href),
            escape_html(&text)
        )),
        None => r
            .out
            .push_str(&format!("<code>{}</code>", escape_html(&text))),
    }
}

/// The href of an `api:` name, recorded for the anchor check; an unknown or undocumented
/// name is an error at the node.
pub(crate) fn api_href(r: &mut Renderer, node: &Node, name: &str) -> Option<String> {
    let api = r.options.api;
    let href = api.and_then(|a| a.href(name)).map(str::to_string);
    if href.is_none() {
        let known = api.is_some_and(|a| a.get(name).is_some());
        let message = if known {
            format!("`{name}` is in the API inventory but no page documents it (no `<ApiEntry name=\"{name}\">`)")
        } else {
            format!("unknown API name `{name}`: it is not in the API inventory")
        };
        r.error_at(node, message, None);
        return None;
    }
    href.map(|h| r.href(node, &h))
}

/// Inline code: linked to the entry when it is exactly a documented name.
pub(crate) fn inline_code(r: &mut Renderer, node: &Node, code: &str) {
    let link = (!r.in_link)
        .then(|| r.options.api.and_then(|a| a.code_link(code)))
        .flatten()
        .map(|(_, href)| href.to_string());
    match link {
        Some(href) => {
            let href = r.href(node, &href);
            r.out.push_str(&format!(
                "<a href=\"{}\"><code>{}</code></a>",
                escape_attr(&href),
                escape_html(code)
            ));
        }
        None => r
            .out
            .push_str(&format!("<code>{}</code>", escape_html(code))),
    }
}
