//! Explicit bounds on what one page may ask of the engine: its nesting depth (the writers
//! recurse once per level) and its size. Both are checked before the work they bound.

use crate::text::position;
use docsite_core::Diagnostic;
use markdown::mdast::Node;

/// Deeper than any real page (the deepest bundled page nests under 10 levels), far shallower
/// than what overflows a 2 MiB thread stack in the writers.
pub const MAX_NESTING: usize = 64;

/// Container markers at the start of one line (`> > - 1. `): markdown-rs builds one level per
/// marker, so a line of thousands is refused before it is parsed.
pub fn check_line_nesting(body: &str) -> Result<(), Diagnostic> {
    for (i, line) in body.lines().enumerate() {
        let mut depth = 0;
        let mut rest = line.trim_start();
        loop {
            let after = rest
                .strip_prefix('>')
                .or_else(|| list_marker(rest))
                .map(str::trim_start);
            match after {
                Some(r) if r.len() < rest.len() => {
                    depth += 1;
                    rest = r;
                }
                _ => break,
            }
        }
        if depth > MAX_NESTING {
            return Err(too_deep(body, i + 1, 1));
        }
    }
    Ok(())
}

fn list_marker(s: &str) -> Option<&str> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &s[digits..];
    let marker = if digits > 0 {
        rest.strip_prefix('.').or_else(|| rest.strip_prefix(')'))
    } else {
        rest.strip_prefix(['-', '*', '+'])
    }?;
    (marker.is_empty() || marker.starts_with([' ', '\t'])).then_some(marker)
}

/// The depth of the tree, walked without recursion; an error at the first node past the limit.
pub fn check_tree_nesting(body: &str, tree: &Node) -> Result<(), Diagnostic> {
    let mut stack = vec![(tree, 0usize)];
    while let Some((node, depth)) = stack.pop() {
        if depth > MAX_NESTING {
            let (line, column) = position(node);
            return Err(too_deep(body, line, column));
        }
        for child in node.children().map(Vec::as_slice).unwrap_or_default() {
            stack.push((child, depth + 1));
        }
    }
    Ok(())
}

pub(crate) fn too_deep(body: &str, line: usize, column: usize) -> Diagnostic {
    Diagnostic::error(format!(
        "nesting deeper than {MAX_NESTING} levels (lists, quotes, elements or admonitions)"
    ))
    .at(body, line, column)
    .with_hint("flatten the structure: no page needs this many levels")
}

/// Open `[` in one block past which markdown-rs's label matching turns quadratic.
pub const MAX_OPEN_BRACKETS: usize = 256;

/// Refuses a block (lines up to a blank one) that leaves more than [`MAX_OPEN_BRACKETS`] `[`
/// open at once: 200 KB of them took markdown-rs 30 seconds. Fenced code is passed over: its
/// brackets are text to markdown-rs (a JSON block of nested arrays is fine).
pub fn check_brackets(body: &str) -> Result<(), Diagnostic> {
    let mut open = 0usize;
    let mut fence: Option<(u8, usize)> = None;
    for (i, line) in body.lines().enumerate() {
        let trimmed = line.trim_start();
        let run = |c: u8| trimmed.bytes().take_while(|&b| b == c).count();
        let marker = [b'`', b'~']
            .into_iter()
            .map(|c| (c, run(c)))
            .find(|(_, n)| *n >= 3);
        match (fence, marker) {
            (None, Some(m)) => {
                fence = Some(m);
                open = 0;
                continue;
            }
            (Some((c, n)), Some((mc, mn)))
                if c == mc && mn >= n && trimmed[mn..].trim().is_empty() =>
            {
                fence = None;
                continue;
            }
            (Some(_), _) => continue,
            _ => {}
        }
        if line.trim().is_empty() {
            open = 0;
            continue;
        }
        for b in line.bytes() {
            match b {
                b'[' => open += 1,
                b']' => open = open.saturating_sub(1),
                _ => {}
            }
            if open > MAX_OPEN_BRACKETS {
                return Err(Diagnostic::error(format!(
                    "more than {MAX_OPEN_BRACKETS} `[` open at once in one paragraph"
                ))
                .at(body, i + 1, 1)
                .with_hint("escape literal brackets as `\\[`, or put them in backticks"));
            }
        }
    }
    Ok(())
}
