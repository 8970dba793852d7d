//! The search stage: the index of the last build and what it was made from
//! ([`cache::SearchCache`]), made by the `docsite-search` crate from the indexed pages'
//! documents, and put into the output map in place of the previous one.
//!
//! In: the assembled documents (`CachedDocument`) and the site data. Out: the files under
//! `_site/search/` and `_site/search-terms.json`.

pub(crate) mod cache;

use crate::output::Output;
pub use docsite_search::{SearchFiles, SearchPage, BUNDLE_DIR, TERMS_FILE};
use std::sync::Arc;

/// Puts the search files in an output map in place of any it held.
pub fn replace_files(output: &mut Output, files: &[(String, Arc<Vec<u8>>)]) {
    let bundle = format!("{BUNDLE_DIR}/");
    output
        .files
        .retain(|path, _| !path.starts_with(&bundle) && path != TERMS_FILE);
    // Merged as a sorted map, in one pass: inserting thousands of files one by one, each
    // searched for in the tree, took half a millisecond of each rebuild.
    let mut added: std::collections::BTreeMap<String, Arc<Vec<u8>>> =
        files.iter().cloned().collect();
    output.files.append(&mut added);
}
