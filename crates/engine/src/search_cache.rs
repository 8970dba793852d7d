//! The search stage's cache: the last index and what it was made from, so an unchanged site is
//! not indexed again and serve mode can index after the pages are published.

use crate::document_cache::CachedDocument;
use crate::fingerprint::hash_of;
use crate::search;
use docsite_core::model::SiteData;
use docsite_core::{Diagnostic, Diagnostics};
use std::sync::Arc;

/// The search files of the last index and the hash of what they were made from.
#[derive(Default)]
pub(crate) struct SearchCache {
    key: u64,
    pub(crate) files: search::SearchFiles,
    /// What the last build would index, for [`Builder::refresh_search`].
    pub(crate) latest: Option<(Vec<Arc<CachedDocument>>, SiteData)>,
}

/// The pages the search index reads: every page not marked `noindex`, in page order.
pub(crate) fn search_pages<'a>(
    documents: &'a [Arc<CachedDocument>],
    site: &'a SiteData,
) -> Vec<search::SearchPage<'a>> {
    documents
        .iter()
        .filter(|d| !d.data.no_index)
        .map(|d| search_page(d, site))
        .collect()
}

/// What the search index reads of a document.
pub(crate) fn search_page<'a>(d: &'a CachedDocument, site: &'a SiteData) -> search::SearchPage<'a> {
    let crumbs = d.data.crumbs();
    search::SearchPage {
        route: &d.data.route,
        title: &d.data.title,
        // The last crumb is the page itself.
        breadcrumb: crumbs[..crumbs.len().saturating_sub(1)]
            .iter()
            .map(|c| c.label.as_str())
            .collect(),
        area: search_area(site, d.data.sidebar.as_deref()),
        html: &d.content,
        html_hash: d.content_hash,
    }
}

/// A hash of what the search index reads of a page, kept with its document
/// (`CachedDocument::search_hash`).
pub(crate) fn page_hash(p: &search::SearchPage) -> u64 {
    hash_of((p.route, p.title, &p.breadcrumb, p.area, p.html_hash))
}

/// A hash of what the search index reads: the hashes of the indexed documents, made when
/// each was, so a rebuild does not go through every page again.
pub(crate) fn search_key(documents: &[Arc<CachedDocument>]) -> u64 {
    hash_of(
        documents
            .iter()
            .filter(|d| !d.data.no_index)
            .map(|d| d.search_hash)
            .collect::<Vec<_>>(),
    )
}

impl SearchCache {
    /// Whether the index was made from pages with this key.
    pub(crate) fn is_current(&self, key: u64) -> bool {
        self.key == key && !self.files.is_empty()
    }

    pub(crate) fn rebuild(
        &mut self,
        pages: &[search::SearchPage],
        key: u64,
    ) -> Result<(), Diagnostics> {
        // The word list is made on another core while Pagefind indexes. A plain thread, not
        // rayon: a rayon worker blocked on Pagefind could starve the pool Pagefind itself uses.
        let (bundle, terms) = std::thread::scope(|scope| {
            let terms = scope.spawn(|| search::terms(pages));
            let bundle = search::bundle(pages);
            (bundle, terms.join().unwrap_or_default())
        });
        let mut files: search::SearchFiles = bundle
            .map_err(|e| Diagnostics(vec![Diagnostic::error(format!("search index: {e}"))]))?
            .into_iter()
            .map(|(path, bytes)| (path, Arc::new(bytes)))
            .collect();
        let terms = serde_json::to_vec(&terms).unwrap_or_default();
        files.push((search::TERMS_FILE.to_string(), Arc::new(terms)));
        self.key = key;
        self.files = files;
        Ok(())
    }
}

/// The area a page is filtered under: the navbar label of its sidebar ("Docs" without one).
fn search_area<'a>(site: &'a SiteData, sidebar: Option<&str>) -> &'a str {
    site.navbar
        .iter()
        .find(|item| item.sidebar.is_some() && item.sidebar.as_deref() == sidebar)
        .or_else(|| site.navbar.first())
        .map_or("Docs", |item| item.label.as_str())
}
