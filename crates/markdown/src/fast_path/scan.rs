//! Which bodies take the fast path: a line-by-line reading that refuses anything MDX and
//! CommonMark (with GFM tables and task lists) could read differently, and anything where
//! pulldown-cmark and markdown-rs were seen to differ. Refusing too much only costs speed.

use super::lines::*;
use super::tags::{balanced, tag_line, TagLine};

/// The tag lines of a body that may take the fast path, or `None`.
pub(super) fn scan(text: &str) -> Option<Vec<TagLine<'_>>> {
    if text.contains(['\r', '\t']) {
        return None;
    }
    let lines = text
        .split_inclusive('\n')
        .scan(0, |at, raw| {
            let start = *at;
            *at += raw.len();
            Some((start, raw.strip_suffix('\n').unwrap_or(raw)))
        })
        .collect();
    let mut scanner = Scanner {
        lines,
        tags: Vec::new(),
        fence: None,
        before: Before::Blank,
        paragraph: false,
        item_column: None,
    };
    for i in 0..scanner.lines.len() {
        scanner.line(i)?;
    }
    (scanner.fence.is_none() && balanced(&scanner.tags)).then_some(scanner.tags)
}

/// What the line before says about an indented line after it.
#[derive(PartialEq, Clone, Copy)]
enum Before {
    Blank,
    /// Paragraph text, or a list item's first line with the column its content starts at: a
    /// line indented four spaces after it continues it in both dialects (it is code in
    /// CommonMark only after other lines), unless it starts a block, which MDX (having no
    /// indented code) lets interrupt the paragraph, so only a block in that item is the same.
    Text(Option<usize>),
    Tag,
    Other,
}

/// An open fence: its marker, length and indentation.
#[derive(Clone, Copy)]
struct Fence {
    mark: u8,
    count: usize,
    indent: usize,
}

struct Scanner<'t> {
    /// Each line's offset and text without its line ending.
    lines: Vec<(usize, &'t str)>,
    tags: Vec<TagLine<'t>>,
    fence: Option<Fence>,
    before: Before,
    /// Whether the line before leaves a paragraph open that a line may continue.
    paragraph: bool,
    /// The content column of the last list item since a blank line: lines left of it are lazy.
    item_column: Option<usize>,
}

impl<'t> Scanner<'t> {
    fn line(&mut self, i: usize) -> Option<()> {
        let (start, line) = self.lines[i];
        let trimmed = line.trim_start_matches(' ');
        let indent = line.len() - trimmed.len();
        if let Some(fence) = self.fence {
            return self.in_fence(fence, trimmed, indent);
        }
        if trimmed.trim_end().is_empty() {
            self.before = Before::Blank;
            self.paragraph = false;
            self.item_column = None;
            return Some(());
        }
        self.check_indent(trimmed, indent)?;
        if let Some((mark, count)) = fence_run(trimmed) {
            if indent >= 4 || (mark == b'`' && trimmed[count..].contains('`')) {
                return None;
            }
            self.fence = Some(Fence {
                mark,
                count,
                indent,
            });
            self.closes_paragraph(Before::Other);
            return Some(());
        }
        if trimmed.starts_with('<') {
            let tag = tag_line(start, line)?;
            let apart = matches!(self.before, Before::Blank | Before::Tag);
            let next_apart = self
                .lines
                .get(i + 1)
                .is_none_or(|(_, l)| l.trim().is_empty() || l.starts_with('<'));
            if indent > 0 || !apart || !next_apart {
                return None;
            }
            self.tags.push(tag);
            self.closes_paragraph(Before::Tag);
            return Some(());
        }
        if forbidden(line) || self.differs_around(i, trimmed) || self.differs_in(trimmed, indent) {
            return None;
        }
        self.read(trimmed, indent);
        Some(())
    }

    /// A line inside fenced code: only whether it closes the fence, and stays in its container.
    fn in_fence(&mut self, fence: Fence, trimmed: &str, indent: usize) -> Option<()> {
        if trimmed.is_empty() {
            return Some(());
        }
        // A line left of its fence may have closed the container the fence is in.
        if indent < fence.indent {
            return None;
        }
        let closing = run(trimmed, fence.mark) >= fence.count
            && trimmed.trim_end().bytes().all(|b| b == fence.mark);
        if closing && indent - fence.indent >= 4 {
            return None;
        }
        if closing {
            self.fence = None;
            self.before = Before::Other;
        }
        Some(())
    }

    /// A line indented four spaces or more: code in CommonMark, text in MDX, unless it
    /// continues the line before the same way in both.
    fn check_indent(&self, trimmed: &str, indent: usize) -> Option<()> {
        if indent < 4 {
            return Some(());
        }
        match self.before {
            Before::Text(Some(c)) if indent >= c && indent < c + 4 => Some(()),
            Before::Text(_) if !starts_block(trimmed) => Some(()),
            _ => None,
        }
    }

    fn closes_paragraph(&mut self, before: Before) {
        self.before = before;
        self.paragraph = false;
    }

    /// Lines whose reading depends on the lines around them, where the two differ: text next
    /// to a table (GFM takes a line after it as a row; markdown-rs lets a table interrupt
    /// text), and text right after a block quote (markdown-rs lets more blocks interrupt it).
    fn differs_around(&self, i: usize, trimmed: &str) -> bool {
        let line_at = |j: Option<usize>| j.and_then(|j| self.lines.get(j)).map(|(_, l)| *l);
        let text = |l: Option<&str>| l.is_some_and(|l| !l.trim().is_empty() && !l.contains('|'));
        let (previous, next) = (line_at(i.checked_sub(1)), line_at(Some(i + 1)));
        let piped = trimmed.contains('|');
        let delimiter_row = piped
            && trimmed.contains('-')
            && trimmed
                .bytes()
                .all(|b| matches!(b, b'|' | b'-' | b':' | b' '));
        let empty_row = piped && trimmed.bytes().all(|b| matches!(b, b'|' | b' '));
        let header_after_text = line_at(i.checked_sub(2)).is_some_and(|l| !l.trim().is_empty());
        let after_quote =
            !trimmed.starts_with('>') && previous.is_some_and(|l| l.trim_start().starts_with('>'));
        // The line before, when it and this one both have a pipe (rows of one table).
        let row_before = previous.filter(|l| piped && l.contains('|'));
        // A line with a pipe after a row is a row to pulldown-cmark, but to markdown-rs
        // only where it starts with one.
        let row_after_row = row_before.is_some() && !starts_row(trimmed);
        // A row whose cells differ in number from the line before's: markdown-rs keeps a
        // row's cells past the header's, pulldown-cmark drops them (and fills up a short row
        // at the very end of a body with an empty cell).
        let uneven = row_before.is_some_and(|l| cells(l) != cells(trimmed));
        (piped && (text(previous) || text(next)))
            || row_after_row
            || uneven
            || (delimiter_row && header_after_text)
            || empty_row
            || after_quote
    }

    /// Constructs inside one line where the two differ.
    fn differs_in(&self, trimmed: &str, indent: usize) -> bool {
        let esm = indent == 0 && (trimmed.starts_with("import") || trimmed.starts_with("export"));
        // In an open paragraph, markdown-rs's reading of an ordered item not at 1 depends on
        // what came before.
        let ordered = trimmed.starts_with(|c: char| c.is_ascii_digit());
        let after_item = matches!(self.before, Before::Text(Some(_)));
        let stray_number = self.paragraph
            && ordered
            && list_marker(trimmed).is_some()
            && !interrupts(trimmed)
            && !after_item;
        // A lazy line of a list item that starts with a backtick: markdown-rs ends the item.
        let lazy_code = trimmed.starts_with('`') && self.item_column.is_some_and(|c| indent < c);
        // A `#` in a heading's text: the two differ on which ones close it.
        let content = after_markers(trimmed);
        let hashes = content.bytes().take_while(|&b| b == b'#').count();
        let hashed_heading = hashes > 0 && content[hashes..].contains('#');
        // Setext underlines, and rules right after text: markdown-rs reads some as text.
        let underline = self.before != Before::Blank && is_rule_like(trimmed);
        esm || quoted_list(trimmed)
            || nested_quote(trimmed)
            || stray_number
            || lazy_code
            || hashed_heading
            || underline
            || odd_item(trimmed)
    }

    /// Takes in a line that may take the fast path.
    fn read(&mut self, trimmed: &str, indent: usize) {
        let item = list_marker(trimmed).filter(|_| !self.paragraph || interrupts(trimmed));
        self.paragraph = leaves_paragraph_open(trimmed, self.paragraph);
        self.before = match item {
            Some(width) => {
                self.item_column = Some(indent + width);
                Before::Text(Some(indent + width))
            }
            None if indent >= 4 || is_text_line(trimmed) => Before::Text(None),
            None => Before::Other,
        };
    }
}

/// An empty list item, one that starts with another marker, or a task whose text does not
/// follow its box after one space: the two end or split them differently.
fn odd_item(trimmed: &str) -> bool {
    let Some(rest) = list_marker(trimmed).map(|w| trimmed.get(w..).unwrap_or("").trim_start())
    else {
        return false;
    };
    let task = ["[ ]", "[x]", "[X]"]
        .iter()
        .find_map(|t| rest.strip_prefix(t));
    rest.trim().is_empty()
        || list_marker(rest).is_some()
        || task
            .is_some_and(|t| !t.starts_with(' ') || t[1..].starts_with(' ') || t.trim().is_empty())
}

/// The cells of a table line: a pipe at either end opens or closes a cell only.
fn cells(line: &str) -> usize {
    let line = line.trim_matches(' ');
    cells_of(line).len() - usize::from(line.starts_with('|')) - usize::from(closes_row(line))
}
