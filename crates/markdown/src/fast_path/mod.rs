//! The fast path of parsing a page body: a body that uses no MDX syntax is parsed by
//! pulldown-cmark, about fifty times faster than markdown-rs, into the tree markdown-rs gives,
//! positions included, so both writers work on it unchanged.
//!
//! Only a body in which MDX and CommonMark (with GFM tables and task lists) cannot read
//! differently takes this path ([`scan::scan`]); anything else, or anything unsure, goes to
//! markdown-rs. JSX is allowed only as whole lines of plain tags between blank lines (what the
//! admonition rewrite writes): the Markdown between two such lines is parsed on its own, and
//! the tags wrap it. Tests parse pages both ways and compare the trees.

mod lines;
mod nodes;
mod places;
mod scan;
mod tags;
mod tree;

use markdown::mdast::Node;

/// The tree of `text`, or `None` when markdown-rs must parse it.
pub(crate) fn parse(text: &str) -> Option<Node> {
    let tags = scan::scan(text)?;
    tree::Builder::new(text).root(&tags)
}

#[cfg(test)]
mod tests;
