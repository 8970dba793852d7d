//! pulldown-cmark's events into markdown-rs's tree: the Markdown between tag lines, part by
//! part, inside the elements the tags make.

use super::tags::{TagKind, TagLine};
use markdown::mdast::{self, AlignKind, AttributeContent, AttributeValue, MdxJsxAttribute, Node};
use pulldown_cmark::{Alignment, CodeBlockKind, Event, Options, Parser, Tag};

/// GFM tables and task lists, as markdown-rs is configured; strikethrough and footnotes are
/// never reached (their characters are refused).
const OPTIONS: Options = Options::ENABLE_TABLES.union(Options::ENABLE_TASKLISTS);

/// A node being built: what it will be, where it starts, and its children so far.
pub(super) struct Frame {
    pub(super) kind: Kind,
    pub(super) start: usize,
    pub(super) children: Vec<Node>,
}

impl Frame {
    fn new(kind: Kind, start: usize) -> Self {
        Self {
            kind,
            start,
            children: Vec::new(),
        }
    }
}

pub(super) enum Kind {
    Root,
    Paragraph,
    Heading(u8),
    Blockquote,
    Code {
        info: String,
        value: String,
    },
    List(Option<u64>),
    /// Whether it is a task and done, and the column (0-based) its content starts at.
    Item(Option<bool>, usize),
    Table(Vec<AlignKind>),
    Row,
    Cell,
    Emphasis,
    Strong,
    Link {
        url: String,
        title: String,
    },
    Image {
        url: String,
        title: String,
    },
    Jsx {
        name: String,
        attributes: Vec<AttributeContent>,
    },
}

pub(super) struct Builder<'t> {
    pub(super) text: &'t str,
    /// The offset where each line starts.
    pub(super) line_starts: Vec<usize>,
}

impl<'t> Builder<'t> {
    pub(super) fn new(text: &'t str) -> Self {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Self { text, line_starts }
    }

    /// The Markdown between tag lines, parsed part by part into the elements the tags make.
    pub(super) fn root(&self, tags: &[TagLine]) -> Option<Node> {
        let mut stack = vec![Frame::new(Kind::Root, 0)];
        let mut at = 0;
        for tag in tags {
            self.blocks(at, tag.start, stack.last_mut()?)?;
            at = tag.end;
            let frame = Frame::new(element(tag), tag.start);
            let done = match tag.kind {
                TagKind::Open => {
                    stack.push(frame);
                    continue;
                }
                TagKind::SelfClosing => frame,
                TagKind::Close => stack.pop()?,
            };
            let node = self.close(done, tag.end)?;
            stack.last_mut()?.children.push(node);
        }
        self.blocks(at, self.text.len(), stack.last_mut()?)?;
        let root = stack.pop()?;
        self.close(root, self.text.len())
    }

    /// Parses `text[from..to]` and adds its blocks to `parent`.
    fn blocks(&self, from: usize, to: usize, parent: &mut Frame) -> Option<()> {
        let mut open: Vec<Frame> = Vec::new();
        for (event, range) in Parser::new_ext(&self.text[from..to], OPTIONS).into_offset_iter() {
            self.event(
                event,
                range.start + from,
                range.end + from,
                &mut open,
                parent,
            )?;
        }
        open.is_empty().then_some(())
    }

    /// Takes one event into the frames open in this part (`open`, inside `parent`).
    fn event(
        &self,
        event: Event,
        start: usize,
        end: usize,
        open: &mut Vec<Frame>,
        parent: &mut Frame,
    ) -> Option<()> {
        let node = match event {
            Event::Start(tag) => {
                let frame = self.open(kind(tag)?, start, open);
                open.push(frame);
                return Some(());
            }
            Event::End(_) => self.close(open.pop()?, end)?,
            Event::TaskListMarker(checked) => {
                let item = open.iter_mut().rev().find_map(|f| match &mut f.kind {
                    Kind::Item(c, _) => Some(c),
                    _ => None,
                })?;
                *item = Some(checked);
                return Some(());
            }
            Event::Text(t) => {
                self.text(open.last_mut().unwrap_or(parent), &t, start, end);
                return Some(());
            }
            Event::SoftBreak => {
                self.text(open.last_mut().unwrap_or(parent), "\n", start, end);
                return Some(());
            }
            // A code span over lines: markdown-rs keeps the line ending in its value.
            Event::Code(_) if self.text[start..end].contains('\n') => return None,
            Event::Code(c) => Node::InlineCode(mdast::InlineCode {
                value: c.to_string(),
                position: self.position(start, end),
            }),
            Event::HardBreak => Node::Break(mdast::Break {
                position: self.position(start, end),
            }),
            Event::Rule => Node::ThematicBreak(mdast::ThematicBreak {
                position: self
                    .position(self.block_start(start, open), self.trimmed_end(start, end)),
            }),
            _ => return None,
        };
        open.last_mut().unwrap_or(parent).children.push(node);
        Some(())
    }

    /// A frame for a node that starts at `start`, as markdown-rs places it.
    fn open(&self, mut kind: Kind, start: usize, open: &[Frame]) -> Frame {
        let start = match &mut kind {
            Kind::Item(_, content) => {
                *content = self.item_content(start);
                start
            }
            k if k.is_block() => self.block_start(start, open),
            _ => start,
        };
        Frame::new(kind, start)
    }

    /// Adds text to a frame: code keeps it as its value, and text next to text is one node.
    fn text(&self, frame: &mut Frame, value: &str, start: usize, end: usize) {
        if let Kind::Code { value: code, .. } = &mut frame.kind {
            code.push_str(value);
            return;
        }
        if let Some(Node::Text(last)) = frame.children.last_mut() {
            last.value.push_str(value);
            if let Some(p) = &mut last.position {
                p.end = self.point(end);
            }
            return;
        }
        frame.children.push(Node::Text(mdast::Text {
            value: value.to_string(),
            position: self.position(start, end),
        }));
    }
}

impl Kind {
    /// A block that starts where its containers' prefixes end (lists, their items and fenced
    /// code start at their first character).
    pub(super) fn is_block(&self) -> bool {
        matches!(
            self,
            Kind::Paragraph | Kind::Heading(_) | Kind::Blockquote | Kind::Table(_)
        )
    }
}

pub(super) fn is_inline(node: &Node) -> bool {
    matches!(
        node,
        Node::Text(_)
            | Node::Emphasis(_)
            | Node::Strong(_)
            | Node::InlineCode(_)
            | Node::Link(_)
            | Node::Image(_)
            | Node::Break(_)
    )
}

/// The element of a tag line.
fn element(tag: &TagLine) -> Kind {
    let attributes = tag
        .attributes
        .iter()
        .map(|(name, value)| {
            AttributeContent::Property(MdxJsxAttribute {
                name: name.to_string(),
                value: Some(AttributeValue::Literal(value.to_string())),
            })
        })
        .collect();
    Kind::Jsx {
        name: tag.name.to_string(),
        attributes,
    }
}

/// The node a pulldown-cmark tag opens, or `None` for one the fast path leaves to markdown-rs.
fn kind(tag: Tag) -> Option<Kind> {
    Some(match tag {
        Tag::Paragraph => Kind::Paragraph,
        Tag::Heading { level, .. } => Kind::Heading(level as u8),
        Tag::BlockQuote(None) => Kind::Blockquote,
        Tag::CodeBlock(CodeBlockKind::Fenced(info)) => Kind::Code {
            info: info.to_string(),
            value: String::new(),
        },
        Tag::List(first) => Kind::List(first),
        Tag::Item => Kind::Item(None, 0),
        Tag::Table(align) => Kind::Table(align.into_iter().map(align_kind).collect()),
        Tag::TableHead | Tag::TableRow => Kind::Row,
        Tag::TableCell => Kind::Cell,
        Tag::Emphasis => Kind::Emphasis,
        Tag::Strong => Kind::Strong,
        Tag::Link {
            dest_url, title, ..
        } => Kind::Link {
            url: dest_url.to_string(),
            title: title.to_string(),
        },
        Tag::Image {
            dest_url, title, ..
        } => Kind::Image {
            url: dest_url.to_string(),
            title: title.to_string(),
        },
        _ => return None,
    })
}

fn align_kind(a: Alignment) -> AlignKind {
    match a {
        Alignment::None => AlignKind::None,
        Alignment::Left => AlignKind::Left,
        Alignment::Center => AlignKind::Center,
        Alignment::Right => AlignKind::Right,
    }
}
