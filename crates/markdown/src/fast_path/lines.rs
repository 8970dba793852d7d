//! What one line says: the predicates [`super::scan`] reads a body with.

/// What only markdown-rs's MDX reading handles as the writers expect: JSX, expressions,
/// GFM's autolink literals, footnotes and strikethrough (`@`, `://`, `www.`, `[^`, `~`), link
/// definitions (resolved differently across the parts), and what the two pair differently:
/// emphasis that is not plain, escaped punctuation (but for an escaped pipe in a table row),
/// brackets or backticks left open. Code spans and link destinations are literal in both, so
/// what they hold is not looked at.
pub(super) fn forbidden(line: &str) -> bool {
    if !starts_row(line) {
        return forbidden_in(line, false);
    }
    let ends = line.trim_end();
    // A table row: GFM parts its cells before reading them (a code span cannot hold a pipe),
    // so each cell is looked at alone. A row's `\|` is a pipe in the cell's text to both, in
    // a row between two pipes (one at the end, pulldown-cmark reads as a cell's end).
    // Elsewhere a block starting with an escape is placed differently (markdown-rs starts it
    // at the backslash). Spaces after the last pipe go to markdown-rs's last cell only.
    let closed = closes_row(ends);
    ends.len() != line.len() || cells_of(line).iter().any(|cell| forbidden_in(cell, closed))
}

/// [`forbidden`] for one line, or one cell of a table row (`row`: one whose `\|` is a pipe).
fn forbidden_in(line: &str, row: bool) -> bool {
    if unpaired_backticks(line) || line.matches('[').count() != line.matches(']').count() {
        return true;
    }
    let Some(text) = without_code_and_destinations(line) else {
        return true;
    };
    !plain_emphasis(&text)
        || text.contains(['<', '{', '}', '~', '@'])
        || ["://", "www.", "WWW.", "[^", "]:"]
            .iter()
            .any(|s| text.contains(s))
        || text
            .match_indices('\\')
            .any(|(at, _)| escapes_punctuation(&text[at + 1..], row))
}

/// Whether a line starts like a table row: a pipe after any list item or quote markers.
pub(super) fn starts_row(line: &str) -> bool {
    after_markers(line.trim_start_matches(' ')).starts_with('|')
}

/// Whether a row's last pipe (not an escaped one) ends it.
pub(super) fn closes_row(row: &str) -> bool {
    row.ends_with('|') && !row.ends_with("\\|")
}

/// The pieces of a table row between the pipes that are not escaped: its cells, with an empty
/// piece before a leading pipe and after a closing one.
pub(super) fn cells_of(row: &str) -> Vec<&str> {
    let mut cells = Vec::new();
    let mut from = 0;
    for (at, _) in row.match_indices('|') {
        if !row[..at].ends_with('\\') {
            cells.push(&row[from..at]);
            from = at + 1;
        }
    }
    cells.push(&row[from..]);
    cells
}

/// Whether a backslash before `rest` escapes punctuation that the two may read differently.
fn escapes_punctuation(rest: &str, row: bool) -> bool {
    rest.starts_with(|c: char| c.is_ascii_punctuation() && !(row && c == '|'))
}

/// A list in a block quote: where it ends, markdown-rs counts differently.
pub(super) fn quoted_list(trimmed: &str) -> bool {
    trimmed
        .strip_prefix('>')
        .is_some_and(|inner| list_marker(inner.trim_start_matches(['>', ' '])).is_some())
}

/// A line without its leading block quote and list item markers.
pub(super) fn after_markers(trimmed: &str) -> &str {
    let mut rest = trimmed;
    loop {
        let next = match (rest.strip_prefix('>'), list_marker(rest)) {
            (Some(inner), _) => inner,
            (None, Some(width)) if width <= rest.len() => &rest[width..],
            _ => return rest,
        };
        let next = next.trim_start_matches(' ');
        if next.len() == rest.len() {
            return rest;
        }
        rest = next;
    }
}

/// A block quote in a block quote: markdown-rs ends it elsewhere.
pub(super) fn nested_quote(trimmed: &str) -> bool {
    trimmed
        .strip_prefix('>')
        .is_some_and(|inner| inner.trim_start().starts_with('>'))
}

/// The width of a list item's marker and the spaces after it, if `trimmed` starts an item.
pub(super) fn list_marker(trimmed: &str) -> Option<usize> {
    let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
    let after = &trimmed[digits..];
    let rest = if digits > 0 {
        after.strip_prefix(['.', ')'])
    } else {
        after.strip_prefix(['-', '*', '+'])
    }?;
    let spaces = rest.len() - rest.trim_start_matches(' ').len();
    match spaces {
        _ if rest.trim().is_empty() => Some(trimmed.len() - rest.len() + 1),
        1..=4 => Some(trimmed.len() - rest.len() + spaces),
        _ => None,
    }
}

/// Whether a line starts a block other than a paragraph.
pub(super) fn starts_block(trimmed: &str) -> bool {
    list_marker(trimmed).is_some()
        || trimmed.starts_with(['#', '>', '|', '=', '-', '*', '_', '`', '~', '+'])
}

/// Whether the emphasis of a line (without its code spans and link destinations) is
/// unambiguous: every run of `*` or `_` is at most two long and either can only open, can only close (then
/// closing the last opened run of its kind and length), can do neither, or is an `_` inside a
/// word. Where runs may both open and close, parsers pair them differently.
fn plain_emphasis(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    // 0 whitespace (and the line's ends), 1 ASCII punctuation, 2 alphanumeric, 3 other.
    let class = |c: Option<&char>| match c {
        None => 0,
        Some(c) if c.is_whitespace() => 0,
        Some(c) if c.is_ascii_punctuation() => 1,
        Some(c) if c.is_alphanumeric() => 2,
        Some(_) => 3,
    };
    let mut open: Vec<(char, usize)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c != '*' && c != '_' {
            i += 1;
            continue;
        }
        let end = i + chars[i..].iter().take_while(|&&x| x == c).count();
        let (before, after) = (
            class(i.checked_sub(1).and_then(|j| chars.get(j))),
            class(chars.get(end)),
        );
        if end - i > 2 || before == 3 || after == 3 {
            return false;
        }
        let left = after != 0 && (after != 1 || before != 2);
        let right = before != 0 && (before != 1 || after != 2);
        match (left, right) {
            (true, false) => open.push((c, end - i)),
            (false, true) if open.pop() != Some((c, end - i)) => return false,
            (true, true) if !(c == '_' && before == 2 && after == 2) => return false,
            _ => {}
        }
        i = end;
    }
    open.is_empty()
}

/// The line with the text of its code spans and the destinations of its links taken out, or
/// `None` when a link's destination is not plain (where it ends, and whether a backtick in it
/// starts code, the two may read differently).
fn without_code_and_destinations(line: &str) -> Option<String> {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    // A `[` with no bracket after it: a `](` there closes a link's text.
    let mut open = false;
    while !rest.is_empty() {
        if rest.starts_with('`') {
            let n = run(rest, b'`');
            match closing_run(&rest[n..], n) {
                Some(close) => {
                    // The backticks stay: runs next to them see punctuation, as parsers do.
                    out.push_str("`x`");
                    rest = &rest[n + close + n..];
                }
                None => {
                    out.push_str(&rest[..n]);
                    rest = &rest[n..];
                }
            }
        } else if let Some((after, taken)) = rest
            .strip_prefix("](")
            .filter(|_| open)
            .map(|a| (a, destination(a)))
        {
            let taken = taken?;
            open = false;
            out.push_str("])");
            rest = &after[taken..];
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            match c {
                '[' => open = true,
                ']' => open = false,
                _ => {}
            }
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    Some(out)
}

/// Where the first run of exactly `n` backticks in `s` starts.
fn closing_run(s: &str, n: usize) -> Option<usize> {
    let mut at = 0;
    while let Some(found) = s[at..].find('`') {
        let start = at + found;
        let length = run(&s[start..], b'`');
        if length == n {
            return Some(start);
        }
        at = start + length;
    }
    None
}

/// The length of a plain link's `url)` or `url "title")` after its `](`: a URL of no spaces,
/// brackets, parentheses or MDX syntax, then `)` or a quoted title and `)`. Anything else is
/// left in, for the line's other checks to see.
fn destination(after: &str) -> Option<usize> {
    let special = ['[', ']', '(', '<', '>', '{', '}', '`', '\\', '"'];
    let url = after
        .find(|c: char| c == ')' || c.is_whitespace())
        .unwrap_or(after.len());
    if after[..url].contains(special) {
        return None;
    }
    let tail = &after[url..];
    if tail.starts_with(')') {
        return Some(url + 1);
    }
    let title = tail.strip_prefix(" \"")?;
    let close = title.find("\")")?;
    if title[..close].contains(special) {
        return None;
    }
    Some(after.len() - title.len() + close + 2)
}

/// A run of backticks that no run of its length closes on the line: pulldown-cmark and
/// markdown-rs read the emphasis around such literal backticks differently.
fn unpaired_backticks(line: &str) -> bool {
    let mut open: Option<usize> = None;
    let mut rest = line;
    while let Some(at) = rest.find('`') {
        let run = run(&rest[at..], b'`');
        open = match open {
            None => Some(run),
            Some(n) if n == run => None,
            other => other,
        };
        rest = &rest[at + run..];
    }
    open.is_some()
}

/// The marker and length of a fence opening `trimmed`, if it opens one.
pub(super) fn fence_run(trimmed: &str) -> Option<(u8, usize)> {
    let mark = *trimmed
        .as_bytes()
        .first()
        .filter(|b| matches!(b, b'`' | b'~'))?;
    let count = run(trimmed, mark);
    (count >= 3).then_some((mark, count))
}

pub(super) fn run(s: &str, mark: u8) -> usize {
    s.bytes().take_while(|&b| b == mark).count()
}

/// A paragraph's line or a list item's: a line indented four spaces after it continues it.
/// Headings, tables, quotes, rules and setext underlines are not.
pub(super) fn is_text_line(trimmed: &str) -> bool {
    let first = trimmed.as_bytes()[0];
    let item = (matches!(first, b'-' | b'*' | b'+') && trimmed[1..].starts_with(' '))
        || first.is_ascii_digit();
    (first.is_ascii_alphanumeric() || item || matches!(first, b'[' | b'(' | b'_' | b'"' | b'\''))
        && !is_rule_like(trimmed)
        && !trimmed.contains('|')
}

/// A thematic break or setext underline, or a line that could be one.
pub(super) fn is_rule_like(trimmed: &str) -> bool {
    trimmed
        .bytes()
        .all(|b| matches!(b, b'-' | b'*' | b'_' | b'=' | b' '))
}

/// Whether a paragraph is open after this line: not after a heading, rule or table line;
/// `===` closes an open one as its setext underline and is text otherwise.
pub(super) fn leaves_paragraph_open(trimmed: &str, open: bool) -> bool {
    let hashes = trimmed.bytes().take_while(|&b| b == b'#').count();
    let heading =
        (1..=6).contains(&hashes) && trimmed[hashes..].chars().next().is_none_or(|c| c == ' ');
    let t = trimmed.trim_end();
    if !t.is_empty() && t.bytes().all(|b| b == b'=') {
        return !open;
    }
    !(heading || is_rule_like(trimmed) || trimmed.contains('|'))
}

/// Whether a list item line may interrupt a paragraph: a bullet or `1.`/`1)` with content.
pub(super) fn interrupts(trimmed: &str) -> bool {
    let has_content = trimmed.trim_end().len() > 2 && !trimmed[1..].trim().is_empty();
    let ordered = trimmed.starts_with(|c: char| c.is_ascii_digit());
    has_content && (!ordered || trimmed.starts_with("1.") || trimmed.starts_with("1)"))
}
