//! Where markdown-rs puts the start and end of a node, and the list details it infers from
//! the source (spread, paragraphs of tight items), from pulldown-cmark's byte ranges.

use super::lines::list_marker;
use super::tree::{is_inline, Builder, Frame, Kind};
use markdown::mdast::{self, Node};
use markdown::unist::{Point, Position};

impl Builder<'_> {
    /// Line and column (1-based, in bytes, as markdown-rs counts) of an offset.
    pub(super) fn point(&self, offset: usize) -> Point {
        let line = self.line_starts.partition_point(|&s| s <= offset);
        Point::new(line, offset - self.line_starts[line - 1] + 1, offset)
    }

    pub(super) fn position(&self, start: usize, end: usize) -> Option<Position> {
        Some(Position {
            start: self.point(start),
            end: self.point(end),
        })
    }

    /// Where markdown-rs starts a block: right after its containers' prefixes, so spaces beyond
    /// them are the block's. pulldown-cmark starts it at its first character.
    pub(super) fn block_start(&self, start: usize, open: &[Frame]) -> usize {
        let column = open
            .iter()
            .rev()
            .find_map(|f| match f.kind {
                Kind::Item(_, column) => Some(column),
                _ => None,
            })
            .unwrap_or(0);
        self.start_in(start, column)
    }

    /// [`Builder::block_start`] inside a list item whose content starts at `column` (0 outside
    /// lists).
    pub(super) fn start_in(&self, start: usize, column: usize) -> usize {
        let indented = self.text[..start].trim_end_matches(' ');
        let line_start = indented.rfind('\n').map_or(0, |i| i + 1);
        if indented.len() == line_start {
            // Only spaces before it on its line: the item's content column.
            line_start + column.min(start - line_start)
        } else if indented.ends_with('>') {
            // A block quote's prefix takes one space after its marker.
            let after = indented.len() + usize::from(self.text[indented.len()..].starts_with(' '));
            after.min(start)
        } else {
            start
        }
    }

    /// The column a list item's content starts at, from its marker's line: after the marker and
    /// up to four spaces (one when the line has nothing else, or five or more follow, which
    /// start indented code).
    pub(super) fn item_content(&self, marker: usize) -> usize {
        let line_start = self.text[..marker].rfind('\n').map_or(0, |i| i + 1);
        let line = &self.text[marker..];
        let line = &line[..line.find('\n').unwrap_or(line.len())];
        let marker_width = line.bytes().take_while(u8::is_ascii_digit).count() + 1;
        marker - line_start + list_marker(line).unwrap_or(marker_width + 1)
    }

    /// Where a block's source ends, without the line ending and blank lines after it.
    pub(super) fn trimmed_end(&self, start: usize, end: usize) -> usize {
        let content = start + self.text[start..end].trim_end().len();
        // Spaces after the last character stay in, as markdown-rs counts them.
        content + self.text[content..end].len()
            - self.text[content..end].trim_start_matches(' ').len()
    }

    /// Where markdown-rs ends a list item, and how many blank lines it takes in: an item with
    /// content ends after the blank lines that follow it, short of the last one's line ending.
    pub(super) fn item_end(&self, start: usize, end: usize, empty: bool) -> (usize, usize) {
        let mut end = self.trimmed_end(start, end);
        let mut blank = 0;
        if empty {
            return (end, blank);
        }
        while let Some(rest) = self.text[end..].strip_prefix('\n') {
            // The body's last line counts too when it holds spaces.
            let line = rest.split_once('\n').map_or(rest, |(line, _)| line);
            if rest.is_empty() || !line.trim().is_empty() {
                break;
            }
            end += 1 + line.len();
            blank += 1;
        }
        (end, blank)
    }

    /// Whether any two nodes next to each other have a blank line between them.
    pub(super) fn spread(&self, children: &[Node]) -> bool {
        children.windows(2).any(|pair| {
            let (Some(a), Some(b)) = (pair[0].position(), pair[1].position()) else {
                return false;
            };
            let a_end = self.text[..a.end.offset].trim_end().len();
            let gap = self.text.get(a_end..b.start.offset).unwrap_or("");
            gap.matches('\n').count() >= 2
        })
    }

    /// A tight list item's text comes without a paragraph; the tree has one, as in a loose item.
    pub(super) fn paragraphs(&self, children: Vec<Node>, column: usize) -> Vec<Node> {
        let mut out: Vec<Node> = Vec::with_capacity(children.len());
        let mut run: Vec<Node> = Vec::new();
        let flush = |run: &mut Vec<Node>, out: &mut Vec<Node>| {
            if run.is_empty() {
                return;
            }
            let start = run[0]
                .position()
                .map(|p| self.point(self.start_in(p.start.offset, column)));
            // Spaces after the last character stay in, as in a paragraph of a loose item.
            let end = run[run.len() - 1].position().map(|p| {
                let rest = &self.text[p.end.offset..];
                self.point(p.end.offset + rest.len() - rest.trim_start_matches(' ').len())
            });
            let position = start.zip(end).map(|(start, end)| Position { start, end });
            out.push(Node::Paragraph(mdast::Paragraph {
                children: std::mem::take(run),
                position,
            }));
        };
        for child in children {
            if is_inline(&child) {
                run.push(child);
            } else {
                flush(&mut run, &mut out);
                out.push(child);
            }
        }
        flush(&mut run, &mut out);
        out
    }
}
