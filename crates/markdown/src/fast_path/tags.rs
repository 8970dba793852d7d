//! Lines of one plain JSX tag, the only JSX the fast path takes.

/// A line holding only a JSX tag: `<Name a="b">`, `</Name>` or `<Name a="b" />`.
#[derive(Debug, PartialEq)]
pub(super) struct TagLine<'t> {
    /// Where the tag starts and ends (without its line ending).
    pub start: usize,
    pub end: usize,
    pub name: &'t str,
    pub attributes: Vec<(&'t str, &'t str)>,
    pub kind: TagKind,
}

#[derive(Debug, PartialEq, Clone, Copy)]
pub(super) enum TagKind {
    Open,
    Close,
    SelfClosing,
}

/// Reads a line of one plain JSX tag: a name of letters and digits and `name="value"`
/// attributes whose values hold no markup, quote or character reference.
pub(super) fn tag_line(start: usize, line: &str) -> Option<TagLine<'_>> {
    let tag = line.trim_end();
    let inner = tag.strip_prefix('<')?.strip_suffix('>')?;
    let (kind, inner) = if let Some(rest) = inner.strip_prefix('/') {
        (TagKind::Close, rest)
    } else if let Some(rest) = inner.strip_suffix('/') {
        (TagKind::SelfClosing, rest.trim_end())
    } else {
        (TagKind::Open, inner)
    };
    let name_len = inner.bytes().take_while(u8::is_ascii_alphanumeric).count();
    let (name, mut rest) = inner.split_at(name_len);
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    let mut attributes = Vec::new();
    while !rest.is_empty() {
        let after_space = rest.strip_prefix(' ')?.trim_start_matches(' ');
        let (key, value) = after_space.split_once("=\"")?;
        let (value, after) = value.split_once('"')?;
        let plain_key = !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric());
        if kind == TagKind::Close || !plain_key || value.contains(['<', '>', '{', '}', '&']) {
            return None;
        }
        attributes.push((key, value));
        rest = after;
    }
    Some(TagLine {
        start,
        end: start + tag.len(),
        name,
        attributes,
        kind,
    })
}

/// Whether every opening tag is closed by a tag of its name, in order.
pub(super) fn balanced(tags: &[TagLine]) -> bool {
    let mut open = Vec::new();
    for tag in tags {
        match tag.kind {
            TagKind::Open => open.push(tag.name),
            TagKind::Close if open.pop() == Some(tag.name) => {}
            TagKind::Close => return false,
            TagKind::SelfClosing => {}
        }
    }
    open.is_empty()
}
