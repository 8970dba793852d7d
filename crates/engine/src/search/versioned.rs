//! One search index for every version of a versioned site. Most pages read the same in most
//! versions, so a page is indexed once for all the versions it reads the same in (same text,
//! title, breadcrumb and area, at the same place below each version's route base), with a
//! `version` filter value for each. Its URL in the index is its route in the first of them
//! (Pagefind keeps one entry per URL); the app searches with the version being read as the
//! filter and moves each result's URL into that version. Each version keeps a word list of
//! its own for typo correction.
//!
//! An API entry (a document of its own, see `docsite_search`) is shared the same way: a page
//! whose prose changed in a version is indexed again, but its entries that read as before
//! only get the version's filter value.
//!
//! Indexing ten versions of the bundled site this way reads about 700 distinct pages instead
//! of 4,740 (see `bench/versions.py`), and with the API entries 2,541 documents, where sharing
//! only whole pages made 3,356.

use crate::assemble::document_cache::CachedDocument;
use crate::fingerprint::hash_of;
use crate::render::shared::link_free_hash;
use crate::search::cache::search_key;
use crate::search::{index_error, SearchFiles, SearchPage, TERMS_FILE};
use docsite_core::model::SiteData;
use docsite_core::Diagnostics;
use docsite_search::{Indexer, WordCounts};
use rayon::prelude::*;
use std::collections::hash_map::Entry;
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
    let mut index = VersionIndex::start();
    for version in versions {
        index.add(version)?;
    }
    index.finish()
}

/// The one index of every version, made as the versions come: a page that reads as no page
/// of an earlier version goes to Pagefind at once, with the version it was first seen in, so
/// Pagefind parses it while the next version is built; the later versions it reads the same
/// in are given when the last version is in (`Indexer::add_versions`).
pub(crate) struct VersionIndex {
    indexer: Indexer,
    /// A page's key (`page_key`) → its place among the distinct pages.
    seen: HashMap<u64, usize>,
    /// Each distinct page's URL in the index.
    distinct: Vec<String>,
    /// Each distinct page's words, for the word lists.
    words: Vec<WordCounts>,
    /// Each version: its name, whether it is the last, and its distinct pages.
    versions: Vec<(String, bool, Vec<usize>)>,
    /// An API entry's key (its place below its version's base and its document) → its URL in
    /// the index: an entry reads the same in most versions even where its page does not.
    entries: HashMap<u64, String>,
}

impl VersionIndex {
    pub(crate) fn start() -> Self {
        VersionIndex {
            indexer: Indexer::for_versions(),
            seen: HashMap::new(),
            distinct: Vec::new(),
            words: Vec::new(),
            versions: Vec::new(),
            entries: HashMap::new(),
        }
    }

    /// Adds the next version's pages (versions come in the plan's order).
    pub(crate) fn add(&mut self, version: &VersionDocs) -> Result<(), Diagnostics> {
        let (pages, link_free): (Vec<SearchPage>, Vec<Option<u64>>) = version_pages(version);
        let base = version.base.trim_end_matches('/');
        let keys: Vec<u64> = pages
            .par_iter()
            .zip(link_free)
            .map(|(page, link_free)| page_key(page, link_free, base))
            .collect();
        let mut own = Vec::with_capacity(pages.len());
        let mut new = Vec::with_capacity(pages.len());
        for (page, key) in pages.iter().zip(keys) {
            let next = self.distinct.len();
            let i = *self.seen.entry(key).or_insert(next);
            if i == next {
                self.distinct.push(page.url.to_string());
            }
            new.push(i == next);
            own.push(i);
        }
        let new: Vec<SearchPage> = pages
            .into_iter()
            .zip(new)
            .filter_map(|(page, new)| new.then_some(page))
            .collect();
        self.words
            .par_extend(new.par_iter().map(docsite_search::page_words));
        self.versions
            .push((version.name.to_string(), version.is_last, own));
        let entries = &mut self.entries;
        let mut known = |url: &str, html: &str| {
            let key = hash_of((below_base(url, base), html));
            match entries.entry(key) {
                Entry::Occupied(first) => Some(first.get().clone()),
                Entry::Vacant(new) => {
                    new.insert(url.to_string());
                    None
                }
            }
        };
        self.indexer
            .add_sharing_entries(&new, &mut known)
            .map_err(index_error)
    }

    /// The index files, once Pagefind has every page and each page's later versions.
    pub(crate) fn finish(mut self) -> Result<SearchFiles, Diagnostics> {
        // Every version each distinct page reads the same in, in the order they came.
        let mut in_versions: Vec<Vec<&str>> = vec![Vec::new(); self.distinct.len()];
        for (name, _, pages) in &self.versions {
            for &i in pages {
                in_versions[i].push(name);
            }
        }
        for (url, versions) in self.distinct.iter().zip(&in_versions) {
            if versions.len() > 1 {
                self.indexer.add_versions(url, &versions[1..]);
            }
        }
        let (indexer, words, versions) = (self.indexer, self.words, self.versions);
        // The word lists on a plain thread while Pagefind builds the index (see `cache.rs`).
        let (bundle, lists) = std::thread::scope(|scope| {
            let lists = scope.spawn(|| word_lists(&words, &versions));
            (indexer.finish(), lists.join().unwrap_or_default())
        });
        let (bundle, _) = bundle.map_err(index_error)?;
        let mut files: SearchFiles = bundle
            .into_iter()
            .map(|(path, bytes)| (path, Arc::new(bytes)))
            .collect();
        for ((name, is_last, _), words) in versions.iter().zip(lists) {
            let path = match is_last {
                true => TERMS_FILE.to_string(),
                false => format!("_site/versions/{name}/search-terms.json"),
            };
            files.push((
                path,
                Arc::new(serde_json::to_vec(&words).unwrap_or_default()),
            ));
        }
        Ok(files)
    }
}

/// Each version's word list, from the words of each distinct page counted once. Versions share
/// most of their pages, so each version's counts are the last version's with the pages it
/// lacks taken out and those it adds put in, not made again from every page.
fn word_lists(words: &[WordCounts], versions: &[(String, bool, Vec<usize>)]) -> Vec<Vec<String>> {
    let mut counts = WordCounts::new();
    let mut last: HashMap<usize, u32> = HashMap::new();
    versions
        .iter()
        .map(|(_, _, pages)| {
            let mut now: HashMap<usize, u32> = HashMap::new();
            for &i in pages {
                *now.entry(i).or_default() += 1;
            }
            for (&i, &n) in &last {
                let gone = n.saturating_sub(now.get(&i).copied().unwrap_or(0));
                for _ in 0..gone {
                    docsite_search::remove_counts(&mut counts, &words[i]);
                }
            }
            for (&i, &n) in &now {
                let added = n.saturating_sub(last.get(&i).copied().unwrap_or(0));
                for _ in 0..added {
                    docsite_search::add_counts(&mut counts, &words[i]);
                }
            }
            last = now;
            docsite_search::ranked(counts.clone())
        })
        .collect()
}

/// A version's indexed pages, each with its content's hash without link targets when its
/// document has it already.
fn version_pages<'a>(version: &VersionDocs<'a>) -> (Vec<SearchPage<'a>>, Vec<Option<u64>>) {
    version
        .documents
        .par_iter()
        .filter(|d| !d.data.no_index)
        .map(|d| {
            let mut page = d.search_page(version.site);
            page.versions = vec![version.name];
            (page, d.link_free_hash)
        })
        .unzip()
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

/// What tells a page from another in the index: its place below its version's base, title,
/// breadcrumb, area and text without link targets.
fn page_key(page: &SearchPage, link_free: Option<u64>, base: &str) -> u64 {
    hash_of((
        below_base(&page.url, base),
        page.title,
        &page.breadcrumb,
        page.area,
        link_free.unwrap_or_else(|| link_free_hash(page.html)),
    ))
}

#[cfg(test)]
mod tests {
    use super::{below_base, word_lists};
    use docsite_search::WordCounts;

    #[test]
    fn each_version_lists_the_words_of_its_own_pages() {
        let page = |words: &[(&str, u32)]| -> WordCounts {
            words.iter().map(|(w, n)| (w.to_string(), *n)).collect()
        };
        let words = vec![
            page(&[("assets", 3), ("jobs", 1)]),
            page(&[("assets", 1), ("sensors", 2)]),
            page(&[("schedules", 5)]),
            page(&[("jobs", 4), ("partitions", 1)]),
        ];
        // Pages dropped, added, and back again; one version without pages.
        let versions: Vec<(String, bool, Vec<usize>)> = [
            vec![0, 1, 2],
            vec![0, 1, 3],
            vec![],
            vec![2, 3],
            vec![0, 1, 2, 3],
        ]
        .into_iter()
        .enumerate()
        .map(|(i, pages)| (format!("v{i}"), i == 0, pages))
        .collect();
        let from_scratch: Vec<Vec<String>> = versions
            .iter()
            .map(|(_, _, pages)| {
                let mut counts = WordCounts::new();
                for &i in pages {
                    docsite_search::add_counts(&mut counts, &words[i]);
                }
                docsite_search::ranked(counts)
            })
            .collect();
        assert_eq!(word_lists(&words, &versions), from_scratch);
        assert_eq!(from_scratch[1], ["jobs", "assets", "sensors", "partitions"]);
        assert!(from_scratch[2].is_empty());
        assert_eq!(from_scratch[3], ["schedules", "jobs", "partitions"]);
    }

    #[test]
    fn urls_are_kept_below_the_version_base() {
        assert_eq!(below_base("/docs/1.1/guides/x", "/docs/1.1"), "/guides/x");
        assert_eq!(below_base("/docs/1.1", "/docs/1.1"), "/");
        assert_eq!(below_base("/docs/1.1#top", "/docs/1.1"), "#top");
        assert_eq!(below_base("/docs/1.10/x", "/docs/1.1"), "/docs/1.10/x");
        assert_eq!(below_base("/guides/x", ""), "/guides/x");
    }
}
