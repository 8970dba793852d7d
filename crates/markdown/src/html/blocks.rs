//! Lists, tables and footnotes as HTML.

use super::Renderer;
use crate::slug::slugify;
use markdown::mdast::{self, Node};

impl Renderer<'_> {
    pub(super) fn list(&mut self, l: &mdast::List) {
        let loose = l.spread
            || l.children
                .iter()
                .any(|c| matches!(c, Node::ListItem(i) if i.spread));
        let tag = if l.ordered { "ol" } else { "ul" };
        match l.start {
            Some(start) if l.ordered && start != 1 => {
                self.out.push_str(&format!("<ol start=\"{start}\">\n"))
            }
            _ => self.out.push_str(&format!("<{tag}>\n")),
        }
        for child in &l.children {
            let Node::ListItem(item) = child else {
                continue;
            };
            match item.checked {
                Some(checked) => {
                    let mark = if checked { " checked" } else { "" };
                    self.out.push_str(&format!(
                        "<li class=\"task-list-item\"><input type=\"checkbox\" disabled{mark} /> "
                    ));
                }
                None => self.out.push_str("<li>"),
            }
            for part in &item.children {
                self.node(part, !loose);
            }
            self.out.push_str("</li>\n");
        }
        self.out.push_str(&format!("</{tag}>\n"));
    }

    pub(super) fn table(&mut self, t: &mdast::Table) {
        self.out.push_str("<div class=\"table-wrapper\"><table>\n");
        for (index, row) in t.children.iter().enumerate() {
            let Node::TableRow(row) = row else { continue };
            let cell_tag = if index == 0 { "th" } else { "td" };
            if index == 0 {
                self.out.push_str("<thead>\n");
            } else if index == 1 {
                self.out.push_str("<tbody>\n");
            }
            self.out.push_str("<tr>");
            for (column, cell) in row.children.iter().enumerate() {
                let Node::TableCell(cell) = cell else {
                    continue;
                };
                let align = match t.align.get(column) {
                    Some(mdast::AlignKind::Left) => " style=\"text-align:left\"",
                    Some(mdast::AlignKind::Right) => " style=\"text-align:right\"",
                    Some(mdast::AlignKind::Center) => " style=\"text-align:center\"",
                    _ => "",
                };
                self.out.push_str(&format!("<{cell_tag}{align}>"));
                self.inline(&cell.children);
                self.out.push_str(&format!("</{cell_tag}>"));
            }
            self.out.push_str("</tr>\n");
            if index == 0 {
                self.out.push_str("</thead>\n");
            }
        }
        if t.children.len() > 1 {
            self.out.push_str("</tbody>\n");
        }
        self.out.push_str("</table></div>\n");
    }

    pub(super) fn footnote_reference(&mut self, identifier: &str) {
        let key = identifier.to_lowercase();
        let number = match self.footnote_order.iter().position(|k| *k == key) {
            Some(i) => i + 1,
            None => {
                self.footnote_order.push(key.clone());
                self.footnote_order.len()
            }
        };
        let slug = slugify(&key);
        self.out.push_str(&format!(
            "<sup><a href=\"#fn-{slug}\" id=\"fnref-{slug}\" class=\"footnote-ref\">{number}</a></sup>"
        ));
        self.done.anchors.push(format!("fnref-{slug}"));
    }

    pub(super) fn footnotes(&mut self) {
        if self.footnote_order.is_empty() {
            return;
        }
        self.out.push_str("<section class=\"footnotes\"><ol>\n");
        for key in self.footnote_order.clone() {
            let slug = slugify(&key);
            self.out.push_str(&format!("<li id=\"fn-{slug}\">"));
            let body = self.footnote_bodies.get(&key).cloned().unwrap_or_default();
            for part in &body {
                self.node(part, true);
            }
            self.out.push_str(&format!(
                " <a href=\"#fnref-{slug}\" class=\"footnote-backref\" aria-label=\"Back to reference\">↩</a></li>\n"
            ));
            self.done.anchors.push(format!("fn-{slug}"));
        }
        self.out.push_str("</ol></section>\n");
    }
}
