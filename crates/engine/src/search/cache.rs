//! The search stage's cache: the last index and what it was made from, so an unchanged site is
//! not indexed again and serve mode can index after the pages are published.

use crate::assemble::document_cache::CachedDocument;
use crate::fingerprint::hash_of;
use crate::search;
use docsite_core::model::SiteData;
use docsite_core::Diagnostics;
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
        .map(|d| d.search_page(site))
        .collect()
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

    /// Takes an index made elsewhere (a versioned site's, for all its versions).
    pub(crate) fn set(&mut self, files: search::SearchFiles, key: u64) {
        self.key = key;
        self.files = files;
    }

    pub(crate) fn rebuild(
        &mut self,
        pages: &[search::SearchPage],
        key: u64,
    ) -> Result<(), Diagnostics> {
        // The word list is made on another core while Pagefind indexes. A plain thread, not
        // rayon: a rayon worker blocked on Pagefind could starve the pool Pagefind itself uses.
        let (bundle, terms) = std::thread::scope(|scope| {
            let terms = scope.spawn(|| docsite_search::terms(pages));
            let bundle = docsite_search::bundle(pages);
            (bundle, terms.join().unwrap_or_default())
        });
        let bundle = bundle.map_err(search::index_error)?;
        self.set(index_files(bundle, &terms), key);
        Ok(())
    }
}

/// The files of an index: Pagefind's bundle and the typo word list.
pub(crate) fn index_files(bundle: Vec<(String, Vec<u8>)>, terms: &[String]) -> search::SearchFiles {
    let mut files: search::SearchFiles = bundle
        .into_iter()
        .map(|(path, bytes)| (path, Arc::new(bytes)))
        .collect();
    let terms = serde_json::to_vec(terms).unwrap_or_default();
    files.push((search::TERMS_FILE.to_string(), Arc::new(terms)));
    files
}
