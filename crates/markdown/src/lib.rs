//! Markdown and MDX to HTML for the docs site.

pub mod codemeta;
pub mod components;
pub mod highlight;
pub mod preprocess;
pub mod render;
pub mod slug;

pub use render::{escape_attr, escape_html, render, LinkRef, Options, Rendered, CARDS_MARKER};
