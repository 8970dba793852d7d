//! A finished frame as the node markdown-rs would give.

use super::tree::{Builder, Frame, Kind};
use markdown::mdast::{self, Node};
use markdown::unist::Position;

impl Builder<'_> {
    pub(super) fn close(&self, frame: Frame, end: usize) -> Option<Node> {
        let Frame {
            kind,
            start,
            children,
        } = frame;
        let block = |this: &Self| this.position(start, this.trimmed_end(start, end));
        let inline = self.position(start, end);
        Some(match kind {
            Kind::Root => Node::Root(mdast::Root {
                children,
                position: self.position(0, self.text.len()),
            }),
            Kind::Paragraph => Node::Paragraph(mdast::Paragraph {
                position: block(self),
                children,
            }),
            Kind::Heading(depth) => Node::Heading(mdast::Heading {
                position: block(self),
                children,
                depth,
            }),
            Kind::Blockquote => Node::Blockquote(mdast::Blockquote {
                position: block(self),
                children,
            }),
            Kind::Code { info, value } => code(info, value, block(self)),
            Kind::List(first) => self.list(first, children, start, end),
            Kind::Item(checked, column) => self.item(checked, column, children, start, end),
            Kind::Table(align) => Node::Table(mdast::Table {
                position: block(self),
                children,
                align,
            }),
            Kind::Row => {
                // pulldown-cmark adds empty cells to a short row; markdown-rs does not.
                let row_end = self.trimmed_end(start, end);
                let written = |c: &Node| {
                    c.position()
                        .is_none_or(|p| p.start.offset < p.end.offset || p.start.offset < row_end)
                };
                Node::TableRow(mdast::TableRow {
                    position: block(self),
                    children: children.into_iter().filter(written).collect(),
                })
            }
            Kind::Cell => Node::TableCell(mdast::TableCell {
                position: self.cell_position(start, end),
                children,
            }),
            Kind::Emphasis => Node::Emphasis(mdast::Emphasis {
                position: inline,
                children,
            }),
            Kind::Strong => Node::Strong(mdast::Strong {
                position: inline,
                children,
            }),
            Kind::Link { url, title } => Node::Link(mdast::Link {
                position: inline,
                children,
                url,
                title: (!title.is_empty()).then_some(title),
            }),
            Kind::Image { url, title } => Node::Image(mdast::Image {
                position: inline,
                alt: alt_text(&children),
                url,
                title: (!title.is_empty()).then_some(title),
            }),
            Kind::Jsx { name, attributes } => Node::MdxJsxFlowElement(mdast::MdxJsxFlowElement {
                position: self.position(start, end),
                children,
                name: Some(name),
                attributes,
            }),
        })
    }

    fn list(&self, first: Option<u64>, children: Vec<Node>, start: usize, end: usize) -> Node {
        // A list ends where its last item does.
        let last = children.last().and_then(Node::position);
        let end = last.map_or(self.trimmed_end(start, end), |p| p.end.offset);
        Node::List(mdast::List {
            spread: self.spread(&children),
            position: self.position(start, end),
            children,
            ordered: first.is_some(),
            start: first.map(|n| n as u32),
        })
    }

    fn item(
        &self,
        checked: Option<bool>,
        column: usize,
        children: Vec<Node>,
        start: usize,
        end: usize,
    ) -> Node {
        let children = self.paragraphs(children, column);
        let (end, blank) = self.item_end(start, end, children.is_empty());
        // Two blank lines taken in spread it, unless a list in it took them.
        let nested = matches!(children.last(), Some(Node::List(_)));
        Node::ListItem(mdast::ListItem {
            spread: self.spread(&children) || (blank >= 2 && !nested),
            position: self.position(start, end),
            children,
            checked,
        })
    }

    /// markdown-rs starts a cell at the pipe before it, and ends a row's last cell after the
    /// pipe that closes the row.
    fn cell_position(&self, start: usize, end: usize) -> Option<Position> {
        let before = self.text[..start].trim_end_matches(' ');
        let start = before.strip_suffix('|').map_or(start, str::len);
        let after = &self.text[end..];
        let rest = after.trim_start_matches(' ');
        let end = match rest.strip_prefix('|') {
            Some(r) if r.split('\n').next().is_some_and(|l| l.trim().is_empty()) => {
                end + (after.len() - r.len())
            }
            _ => end,
        };
        self.position(start, end)
    }
}

/// A fenced code block: its value without the last line ending, and its info string split at
/// the first ASCII whitespace (as markdown-rs does) into language and meta.
fn code(info: String, mut value: String, position: Option<Position>) -> Node {
    if value.ends_with('\n') {
        value.pop();
    }
    let blank = |c: char| c.is_ascii_whitespace();
    let info = info.trim_matches(blank);
    let (lang, meta) = match info.split_once(blank) {
        Some((lang, meta)) => (lang, Some(meta.trim_matches(blank).to_string())),
        None => (info, None),
    };
    Node::Code(mdast::Code {
        value,
        position,
        lang: (!lang.is_empty()).then(|| lang.to_string()),
        meta,
    })
}

/// An image's alt text as markdown-rs gives it: the text of its label, without the alt text of
/// images inside it.
fn alt_text(nodes: &[Node]) -> String {
    let mut alt = String::new();
    for node in nodes {
        match node {
            Node::Text(t) => alt.push_str(&t.value),
            Node::InlineCode(c) => alt.push_str(&c.value),
            Node::Image(_) => {}
            other => alt.push_str(&alt_text(other.children().map_or(&[], Vec::as_slice))),
        }
    }
    alt
}
