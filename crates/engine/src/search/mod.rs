//! The search stage: the index of the last build and what it was made from
//! ([`cache::SearchCache`]), made by the `docsite-search` crate from the indexed pages'
//! documents, and put into the output map in place of the previous one.
//!
//! In: the assembled documents (`CachedDocument`) and the site data. Out: the files under
//! `_site/search/` and `_site/search-terms.json`.

pub(crate) mod cache;
pub(crate) mod versioned;

use crate::output::Output;
use docsite_core::{Diagnostic, Diagnostics};
use docsite_search::Indexer;
pub use docsite_search::{SearchFiles, SearchPage, BUNDLE_DIR, TERMS_FILE};
use std::sync::Arc;

/// The index a build that streams its pages (`Builder::build_to`) makes as they come: a site
/// of one version's, or a versioned site's one index of all its versions. Started by the
/// first pages given to it.
#[derive(Default)]
pub(crate) enum StreamedIndex {
    #[default]
    None,
    One(Indexer),
    Versions(versioned::VersionIndex),
}

impl StreamedIndex {
    /// The index of a site of one version.
    pub(crate) fn one(&mut self) -> &mut Indexer {
        if !matches!(self, StreamedIndex::One(_)) {
            *self = StreamedIndex::One(Indexer::start());
        }
        match self {
            StreamedIndex::One(indexer) => indexer,
            _ => unreachable!("just started"),
        }
    }

    /// The one index of every version of a versioned site.
    pub(crate) fn versions(&mut self) -> &mut versioned::VersionIndex {
        if !matches!(self, StreamedIndex::Versions(_)) {
            *self = StreamedIndex::Versions(versioned::VersionIndex::start());
        }
        match self {
            StreamedIndex::Versions(index) => index,
            _ => unreachable!("just started"),
        }
    }

    /// The search files, or `None` when no page was given (the caller indexes another way).
    pub(crate) fn finish(self) -> Result<Option<SearchFiles>, Diagnostics> {
        match self {
            StreamedIndex::One(indexer) if indexer.used() => {
                let (bundle, terms) = indexer.finish().map_err(index_error)?;
                Ok(Some(cache::index_files(bundle, &terms)))
            }
            StreamedIndex::Versions(index) => index.finish().map(Some),
            _ => Ok(None),
        }
    }
}

/// A failure of the search index, as the build reports it.
pub(crate) fn index_error(e: impl std::fmt::Display) -> Diagnostics {
    Diagnostics(vec![Diagnostic::error(format!("search index: {e}"))])
}

/// Puts the search files in an output map in place of any it held (every version's, in a
/// versioned site: their files are under `_site/versions/<name>/`).
pub fn replace_files(output: &mut Output, files: &[(String, Arc<Vec<u8>>)]) {
    output.files.retain(|path, _| !is_search_file(path));
    // Merged as a sorted map, in one pass: inserting thousands of files one by one, each
    // searched for in the tree, took half a millisecond of each rebuild.
    let mut added: std::collections::BTreeMap<String, Arc<Vec<u8>>> =
        files.iter().cloned().collect();
    output.files.append(&mut added);
}

fn is_search_file(path: &str) -> bool {
    let bundle = format!("{BUNDLE_DIR}/");
    path.starts_with(&bundle)
        || path == TERMS_FILE
        || path
            .strip_prefix("_site/versions/")
            .and_then(|rest| rest.split_once('/'))
            .is_some_and(|(_, p)| p == "search-terms.json")
}
