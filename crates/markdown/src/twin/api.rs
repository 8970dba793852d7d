//! API reference in the twin: an `<ApiEntry>` as a heading, its badges, the signature as a
//! Python block, a source link, the prose and a GFM parameter table; `<PyObject>`, `api:`
//! links and inline code naming a documented API as links.

use super::format::{code_span, destination, fence};
use super::Writer;
use crate::api_entry::{self, badge, py_object};
use crate::jsx::Attrs;
use markdown::mdast::Node;

impl Writer<'_> {
    pub(super) fn api_entry(&mut self, node: &Node, attrs: &Attrs, children: &[Node]) -> String {
        // The HTML writer reports a broken entry; the twin leaves it out.
        let Ok(entry) = api_entry::read(node, attrs, children, self.options.api) else {
            return String::new();
        };
        let level = entry.level(attrs) as usize;
        let mut blocks = vec![format!(
            "{} {}",
            "#".repeat(level),
            code_span(entry.short_name())
        )];
        let badges: Vec<String> = entry
            .object()
            .lifecycle
            .iter()
            .map(|l| match badge(l) {
                (label, Some(detail)) => format!("**{label}** ({detail})"),
                (label, None) => format!("**{label}**"),
            })
            .collect();
        if !badges.is_empty() {
            blocks.push(badges.join(" · "));
        }
        blocks.push(fence("python", None, &entry.signature()));
        blocks.push(format!("[Source]({})", destination(&entry.source_url())));
        for child in &entry.prose {
            let block = self.block(child);
            if !block.trim().is_empty() {
                blocks.push(block);
            }
        }
        let params = entry.object().parameters.clone().unwrap_or_default();
        if !params.is_empty() {
            let mut rows = vec![
                "| Parameter | Type | Default | Description |".to_string(),
                "| --- | --- | --- | --- |".to_string(),
            ];
            for p in &params {
                let description = entry.description(&p.name).unwrap_or_default();
                let default = match (&p.default, p.required) {
                    (Some(d), _) => cell_code(d),
                    (None, true) => "required".into(),
                    (None, false) => String::new(),
                };
                rows.push(format!(
                    "| {} | {} | {default} | {} |",
                    cell_code(&p.display_name()),
                    p.annotation.as_deref().map(cell_code).unwrap_or_default(),
                    self.cell(description)
                ));
            }
            blocks.push(rows.join("\n"));
        }
        blocks.join("\n\n")
    }

    /// A description as one table cell: paragraphs joined, no line breaks, pipes escaped.
    fn cell(&mut self, nodes: &[Node]) -> String {
        let was = self.in_table;
        self.in_table = true;
        let text = if nodes.iter().any(|n| matches!(n, Node::Paragraph(_))) {
            let parts: Vec<String> = nodes
                .iter()
                .map(|n| match n {
                    Node::Paragraph(p) => self.inline(&p.children),
                    other => self.block(other),
                })
                .collect();
            parts.join(" ")
        } else {
            self.inline(nodes)
        };
        self.in_table = was;
        text.trim().replace('\n', " ").replace('|', "\\|")
    }

    pub(super) fn py_object(&self, attrs: &Attrs) -> String {
        let Some((name, text)) = py_object(attrs) else {
            return String::new();
        };
        let code = code_span(&text);
        match self.options.api.and_then(|a| a.href(&name)) {
            Some(href) => format!("[{code}]({})", destination(&self.absolute(href))),
            None => code,
        }
    }

    /// The absolute URL of an `api:` link target, if the name is documented.
    pub(super) fn api_url(&self, name: &str) -> Option<String> {
        let href = self.options.api?.href(name)?;
        Some(self.absolute(href))
    }

    /// Inline code as written, linked when it names a documented API.
    pub(super) fn inline_code(&self, node: &Node, code: &str) -> String {
        let written = self.source(node);
        if self.in_link {
            return written;
        }
        match self.options.api.and_then(|a| a.code_link(code)) {
            Some((_, href)) => format!("[{written}]({})", destination(&self.absolute(href))),
            None => written,
        }
    }
}

/// Code in a table cell, with pipes escaped so they do not end the cell.
fn cell_code(text: &str) -> String {
    code_span(text).replace('|', "\\|")
}
