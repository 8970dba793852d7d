//! A page's files from the last build, with what they were made from: what a rebuild reuses
//! when a page's inputs are unchanged, and what the search index reads of it.

use crate::fingerprint::hash_of;
use docsite_core::model::{PageData, SiteData};
use docsite_markdown::Rendered;
use docsite_search::SearchPage;
use std::collections::HashMap;
use std::sync::Arc;

/// The files of a page from the last build, with what they were made from.
#[derive(Clone)]
pub(crate) struct CachedDocument {
    /// The page data without its content, and the content (shared with what the search index
    /// keeps of the document, [`CachedDocument::for_search`]).
    pub(crate) data: Arc<PageData>,
    pub(crate) content: Arc<str>,
    /// Hash of the content, so the search index can tell whether any page changed without
    /// hashing every page again.
    pub(crate) content_hash: u64,
    /// The content's hash without its link targets, when a render shared between versions
    /// gave it (`render::shared::link_free_hash`).
    pub(crate) link_free_hash: Option<u64>,
    /// Hash of what the search index reads of the page ([`search_hash`]).
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

impl CachedDocument {
    /// Only what the search index reads: without the page's files and render, so that these
    /// are freed once written. A document already without them is shared, not copied.
    pub(crate) fn for_search(doc: &Arc<Self>) -> Arc<Self> {
        if doc.plain_render.is_none() && doc.html.is_empty() && doc.json.is_empty() {
            return doc.clone();
        }
        let doc = &**doc;
        Arc::new(CachedDocument {
            data: doc.data.clone(),
            content: doc.content.clone(),
            content_hash: doc.content_hash,
            link_free_hash: doc.link_free_hash,
            search_hash: doc.search_hash,
            context: doc.context,
            plain_render: None,
            html: Arc::default(),
            json: Arc::default(),
        })
    }

    /// What the search index reads of the document.
    pub(crate) fn search_page<'a>(&'a self, site: &'a SiteData) -> SearchPage<'a> {
        let crumbs = self.data.crumbs();
        SearchPage {
            url: docsite_core::url::route_url(&self.data.route).into(),
            title: &self.data.title,
            // The last crumb is the page itself.
            breadcrumb: crumbs[..crumbs.len().saturating_sub(1)]
                .iter()
                .map(|c| c.label.as_str())
                .collect(),
            area: search_area(site, self.data.sidebar.as_deref()),
            html: &self.content,
            html_hash: self.content_hash,
            versions: Vec::new(),
        }
    }
}

/// A hash of what the search index reads of a page, kept with its document
/// ([`CachedDocument::search_hash`]).
pub(crate) fn search_hash(p: &SearchPage) -> u64 {
    hash_of((&p.url, p.title, &p.breadcrumb, p.area, p.html_hash))
}

/// The area a page is filtered under: the navbar label of its sidebar ("Docs" without one).
fn search_area<'a>(site: &'a SiteData, sidebar: Option<&str>) -> &'a str {
    site.navbar
        .iter()
        .find(|item| item.sidebar.is_some() && item.sidebar.as_deref() == sidebar)
        .or_else(|| site.navbar.first())
        .map_or("Docs", |item| item.label.as_str())
}
