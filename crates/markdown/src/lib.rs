//! Markdown and MDX to HTML for the docs site, and to clean Markdown for readers' tools.

pub mod codemeta;
pub mod components;
pub mod highlight;
pub mod preprocess;
pub mod render;
pub mod slug;
pub mod to_markdown;

pub use render::{escape_attr, escape_html, render, LinkRef, Options, Rendered, CARDS_MARKER};
pub use to_markdown::{absolute_url, to_markdown, TwinOptions};
