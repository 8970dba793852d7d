//! Page body → one MDX tree: preprocessing (admonitions, custom heading ids) then markdown-rs.
//! Both writers walk the tree this returns.

use crate::limits;
use crate::preprocess::{self, Preprocessed};
use docsite_core::Diagnostic;
use markdown::mdast::{self, Node};

/// Preprocesses and parses a page body into its MDX tree. Preprocessing problems come back
/// beside the tree, so the writer can add its own and report them all; a parse error or a
/// broken limit stops.
pub(crate) fn parse(
    body: &str,
    admonitions: &[String],
) -> Result<(Preprocessed, Node, Vec<Diagnostic>), Vec<Diagnostic>> {
    parse_with(body, admonitions, true)
}

/// [`parse`], with `fast` false always by markdown-rs: what finds the line a markdown-rs panic
/// comes from must not let the fast path read the lines before it.
pub(crate) fn parse_with(
    body: &str,
    admonitions: &[String],
    fast: bool,
) -> Result<(Preprocessed, Node, Vec<Diagnostic>), Vec<Diagnostic>> {
    limits::check_line_nesting(body).map_err(|d| vec![d])?;
    limits::check_brackets(body).map_err(|d| vec![d])?;
    let (pre, mut errors) = preprocess::preprocess(body, admonitions).map_err(|d| vec![d])?;
    // Most pages use no MDX syntax; those take pulldown-cmark, to the same tree.
    let parsed = match fast.then(|| crate::fast_path::parse(&pre.text)).flatten() {
        Some(tree) => Ok(tree),
        None => markdown::to_mdast(&pre.text, &crate::mdx_options::parse_options()),
    };
    match parsed {
        Ok(tree) => {
            // The writers recurse once per level: bound the depth before either walks the tree.
            limits::check_tree_nesting(body, &tree).map_err(|d| vec![d])?;
            Ok((pre, tree, errors))
        }
        Err(m) => {
            errors.push(parse_error(body, &m));
            Err(errors)
        }
    }
}

/// Where the body starts once a leading `# Title` (which becomes the page title) is set aside.
pub(crate) fn leading_h1(children: &[Node]) -> Option<(usize, &mdast::Heading)> {
    let first = children
        .iter()
        .position(|n| !matches!(n, Node::MdxjsEsm(_)))?;
    match &children[first] {
        Node::Heading(h) if h.depth == 1 => Some((first, h)),
        _ => None,
    }
}

fn parse_error(body: &str, m: &markdown::message::Message) -> Diagnostic {
    let (line, column) = match m.place.as_deref() {
        Some(markdown::message::Place::Point(p)) => (p.line, p.column),
        Some(markdown::message::Place::Position(p)) => (p.start.line, p.start.column),
        None => (1, 1),
    };
    // An unclosed tag is found at the end of the file; the message names where the tag opens
    // ("Expected a closing tag for `<X>` (7:1)"), which is the line the author needs.
    let (line, column) = opening_place(&m.reason).unwrap_or((line, column));
    Diagnostic::error(format!("invalid MDX: {}", without_place(&m.reason)))
        .at(body, line, column)
        .with_hint("in MDX, `<` and `{` start JSX; write `&lt;` and `&#123;`, or put the text in backticks")
}

/// The `(line:column)` of the opening tag in a "closing tag" message, body-relative.
fn opening_place(reason: &str) -> Option<(usize, usize)> {
    if !reason.starts_with("Expected a closing tag") {
        return None;
    }
    let open = reason.rfind('(')?;
    let inner = reason[open + 1..].strip_suffix(')')?;
    let (line, column) = inner.split_once(':')?;
    Some((line.parse().ok()?, column.parse().ok()?))
}

/// The message without its body-relative place, which would contradict the reported line.
fn without_place(reason: &str) -> &str {
    match (opening_place(reason), reason.rfind(" (")) {
        (Some(_), Some(at)) => &reason[..at],
        _ => reason,
    }
}
