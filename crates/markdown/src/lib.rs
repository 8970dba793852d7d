//! Markdown and MDX to HTML for the docs site, and to clean Markdown for readers' tools.
//!
//! One direction: a page body is parsed once into an MDX tree ([`parse`]), then two writers
//! walk that tree: [`html`] (the article, its TOC, anchors and links) and [`twin`] (the
//! page's clean Markdown). The writers share the helpers below them ([`jsx`], [`examples`],
//! [`text`], [`codemeta`], [`highlight`], [`slug`]) and never call each other.

mod api_entry;
pub mod codemeta;
pub mod css;
pub mod diagrams;
pub mod examples;
mod fast_path;
pub mod guard;
pub mod highlight;
pub mod html;
pub mod html_fragment;
pub mod iframes;
pub mod js_string;
pub mod jsx;
pub mod limits;
pub mod magic;
mod mdx_options;
pub mod npm2yarn;
pub mod page;
pub mod parse;
pub mod partials;
pub mod preprocess;
pub mod sanitize;
mod scope;
pub mod slug;
pub mod text;
pub mod token_class;
pub mod twin;

pub use page::{
    island_marker, no_imports, Dialect, HeadTag, Imported, IslandUse, LinkRef, Options, PropValue,
    Rendered, TwinOptions, CARDS_MARKER,
};
pub use text::{escape_attr, escape_html, is_external};
pub use twin::{absolute_url, to_markdown};

use docsite_core::Diagnostic;

/// Renders a page body (front matter already removed): its HTML and, when the options ask for
/// one, its Markdown twin, both from one parse. Diagnostics carry body-relative lines.
///
/// A panic while parsing or writing (markdown-rs has a few) becomes an error on the line that
/// causes it, so one page can end neither a build nor the live-reload watcher.
pub fn render(body: &str, options: &Options) -> Result<Rendered, Vec<Diagnostic>> {
    let admonitions = &options.dialect.admonitions;
    guard::catch(|| render_unguarded(body, options)).unwrap_or_else(|message| {
        let panics =
            |text: &str| guard::catch(|| parse::parse_with(text, admonitions, false)).is_err();
        Err(vec![guard::parser_panic(body, &message, panics)])
    })
}

fn render_unguarded(body: &str, options: &Options) -> Result<Rendered, Vec<Diagnostic>> {
    partials::start_page();
    let (pre, tree, early) = parse::parse(body, &options.dialect.admonitions)?;
    let mut rendered = html::write(body, &pre.text, &tree, options, pre.heading_ids, early)?;
    if let Some(twin) = &options.twin {
        rendered.markdown = Some(twin::convert(&pre.text, &tree, options, twin));
    }
    // A build holds every page's HTML and twin until its files are made: grown by doubling,
    // each would keep up to twice its length (a tenth of a 10,000-page build's peak).
    rendered.html.shrink_to_fit();
    if let Some(markdown) = &mut rendered.markdown {
        markdown.shrink_to_fit();
    }
    Ok(rendered)
}
