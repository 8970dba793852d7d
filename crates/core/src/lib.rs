//! The data model shared by every stage of the docs engine.

pub mod api;
pub mod config;
pub mod derived_navigation;
pub mod diagnostic;
pub mod frontmatter;
pub mod json_order;
pub mod model;
pub mod url;
pub mod versions;

pub use diagnostic::{Diagnostic, Diagnostics, Severity};
