//! A page's files from the last build, with what they were made from: what a rebuild reuses
//! when a page's inputs are unchanged, and what the search index reads of it.

use docsite_core::model::PageData;
use docsite_markdown::Rendered;
use std::collections::HashMap;
use std::sync::Arc;

/// The files of a page from the last build, with what they were made from.
#[derive(Clone)]
pub(crate) struct CachedDocument {
    /// The page data without its content, and the content.
    pub(crate) data: PageData,
    pub(crate) content: String,
    /// Hash of the content, so the search index can tell whether any page changed without
    /// hashing every page again.
    pub(crate) content_hash: u64,
    /// Hash of what the search index reads of the page (`search_cache::page_hash`).
    pub(crate) search_hash: u64,
    /// Hash of the page's sidebar and the site data.
    pub(crate) context: u64,
    /// The render the content is, as it is (no card list filled in): a page with the same
    /// render has the same content, known without comparing megabytes of HTML.
    pub(crate) plain_render: Option<Arc<Rendered>>,
    pub(crate) html: Arc<Vec<u8>>,
    pub(crate) json: Arc<Vec<u8>>,
}

/// Route → the page's files from the last build.
pub(crate) type DocumentCache = HashMap<String, Arc<CachedDocument>>;
