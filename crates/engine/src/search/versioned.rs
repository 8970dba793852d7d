//! One search index for every version of a versioned site. Most pages read the same in most
//! versions, so a page is indexed once for all the versions it reads the same in (same text,
//! title, breadcrumb and area, at the same place below each version's route base), with a
//! `version` filter value for each. Its URL in the index is its route in the first of them
//! (Pagefind keeps one entry per URL); the app searches with the version being read as the
//! filter and moves each result's URL into that version. Each version keeps a word list of
//! its own for typo correction.
//!
//! Indexing ten versions of the bundled site this way reads about 700 distinct pages instead
//! of 4,740 (see `bench/versions.py`).

use crate::assemble::document_cache::CachedDocument;
use crate::fingerprint::hash_of;
use crate::search::cache::search_key;
use crate::search::{SearchFiles, SearchPage, TERMS_FILE};
use docsite_core::model::SiteData;
use docsite_core::{Diagnostic, Diagnostics};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

/// One version's pages as its last build left them.
pub(crate) struct VersionDocs<'a> {
    pub name: &'a str,
    /// Its route base (`/docs/1.1`, `/` for a version at the root).
    pub base: &'a str,
    pub is_last: bool,
    pub documents: &'a [Arc<CachedDocument>],
    pub site: &'a SiteData,
}

/// A hash of what the index is made from: each version's pages and where it is.
pub(crate) fn key(versions: &[VersionDocs]) -> u64 {
    hash_of(
        versions
            .iter()
            .map(|v| (v.name, v.base, v.is_last, search_key(v.documents)))
            .collect::<Vec<_>>(),
    )
}

/// The index of every version (under `_site/search/`) and each version's word list: the last
/// version's at `_site/search-terms.json`, the others' under `_site/versions/<name>/`.
pub(crate) fn index(versions: &[VersionDocs]) -> Result<SearchFiles, Diagnostics> {
    let pages: Vec<Vec<SearchPage>> = versions.iter().map(version_pages).collect();
    let (unique, in_version) = distinct(versions, &pages);
    // Word lists on a plain thread while Pagefind indexes (see `cache.rs` on why not rayon).
    let (bundle, terms) = std::thread::scope(|scope| {
        let terms = scope.spawn(|| word_lists(&unique, &in_version));
        let bundle = docsite_search::bundle(&unique);
        (bundle, terms.join().unwrap_or_default())
    });
    let mut files: SearchFiles = bundle
        .map_err(|e| Diagnostics(vec![Diagnostic::error(format!("search index: {e}"))]))?
        .into_iter()
        .map(|(path, bytes)| (path, Arc::new(bytes)))
        .collect();
    for (version, words) in versions.iter().zip(terms) {
        let path = match version.is_last {
            true => TERMS_FILE.to_string(),
            false => format!("_site/versions/{}/search-terms.json", version.name),
        };
        files.push((path, Arc::new(serde_json::to_vec(&words).unwrap_or_default())));
    }
    Ok(files)
}

/// Each version's word list, from the words of each distinct page counted once.
fn word_lists(unique: &[SearchPage], in_version: &[Vec<usize>]) -> Vec<Vec<String>> {
    let words: Vec<docsite_search::WordCounts> =
        unique.iter().map(docsite_search::page_words).collect();
    in_version
        .iter()
        .map(|pages| {
            let mut counts = docsite_search::WordCounts::new();
            for &i in pages {
                docsite_search::add_counts(&mut counts, &words[i]);
            }
            docsite_search::ranked(counts)
        })
        .collect()
}

/// A version's indexed pages.
fn version_pages<'a>(version: &VersionDocs<'a>) -> Vec<SearchPage<'a>> {
    version
        .documents
        .par_iter()
        .filter(|d| !d.data.no_index)
        .map(|d| {
            let mut page = d.search_page(version.site);
            page.versions = vec![version.name];
            page
        })
        .collect()
}

/// A route URL below a route base: `/guides/x` for `/docs/1.1/guides/x` under `/docs/1.1`,
/// `/` for the base itself.
fn below_base<'u>(url: &'u str, base: &str) -> &'u str {
    match url.strip_prefix(base) {
        Some("") => "/",
        Some(rest) if rest.starts_with(['/', '#']) => rest,
        _ => url,
    }
}

/// The pages to index: each distinct page once, with every version it reads the same in:
/// the same place below the version's base, and the same text without link targets (which
/// lead into the version, and are all that differs between versions). With, per version, the
/// distinct pages it has.
fn distinct<'a>(
    versions: &[VersionDocs<'a>],
    pages: &[Vec<SearchPage<'a>>],
) -> (Vec<SearchPage<'a>>, Vec<Vec<usize>>) {
    let keys: Vec<Vec<u64>> = versions
        .iter()
        .zip(pages)
        .map(|(version, ps)| {
            let base = version.base.trim_end_matches('/');
            ps.par_iter().map(|page| page_key(page, base)).collect()
        })
        .collect();
    let mut unique: Vec<SearchPage<'a>> = Vec::new();
    let mut seen: HashMap<u64, usize> = HashMap::new();
    let mut in_version = Vec::with_capacity(versions.len());
    for ((version, ps), keys) in versions.iter().zip(pages).zip(keys) {
        let mut own = Vec::with_capacity(ps.len());
        for (page, key) in ps.iter().zip(keys) {
            let i = *seen.entry(key).or_insert_with(|| {
                unique.push(SearchPage {
                    url: page.url.clone(),
                    title: page.title,
                    breadcrumb: page.breadcrumb.clone(),
                    area: page.area,
                    html: page.html,
                    html_hash: page.html_hash,
                    versions: Vec::new(),
                });
                unique.len() - 1
            });
            unique[i].versions.push(version.name);
            own.push(i);
        }
        in_version.push(own);
    }
    (unique, in_version)
}

/// What tells a page from another in the index: its place below its version's base, title,
/// breadcrumb, area and text without link targets.
fn page_key(page: &SearchPage, base: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (below_base(&page.url, base), page.title, &page.breadcrumb, page.area).hash(&mut h);
    docsite_search::hash_without_link_targets(page.html, &mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::below_base;

    #[test]
    fn urls_are_kept_below_the_version_base() {
        assert_eq!(below_base("/docs/1.1/guides/x", "/docs/1.1"), "/guides/x");
        assert_eq!(below_base("/docs/1.1", "/docs/1.1"), "/");
        assert_eq!(below_base("/docs/1.1#top", "/docs/1.1"), "#top");
        assert_eq!(below_base("/docs/1.10/x", "/docs/1.1"), "/docs/1.10/x");
        assert_eq!(below_base("/guides/x", ""), "/guides/x");
    }
}
