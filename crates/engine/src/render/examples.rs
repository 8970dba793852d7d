//! The example files pages show (`<CodeExample path>`): read from `examples/` through the site
//! folder's reader (the real path must stay inside `examples/`, at most `maxPageBytes`), and
//! stamped, so a rebuild reads again only the ones that changed.

use crate::fingerprint::hash_of;
use crate::load::docs_folder::{file_stamp, unchanged, Stamp};
use crate::load::site_folder::{Limit, SiteFolder};
use crate::load::SiteSources;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

/// An example file's stamp (modification time and length) and the hash of its content.
#[derive(Clone, Copy, PartialEq)]
pub(crate) struct ExampleStamp {
    modified: Stamp,
    hash: u64,
}

/// The site's `examples/` folder, for reading and stamping its files.
pub(crate) struct Examples<'a> {
    site: &'a SiteFolder,
    dir: PathBuf,
    limit: Limit,
}

impl<'a> Examples<'a> {
    pub(crate) fn of(sources: &'a SiteSources) -> Self {
        Examples {
            site: &sources.folder,
            dir: sources.examples_dir(),
            limit: Limit::examples(sources.config.max_page_bytes),
        }
    }

    /// The text of `examples/<path>`, or why it cannot be shown.
    pub(crate) fn read(&self, path: &str) -> Result<String, String> {
        if path.split('/').any(|s| s == "..") || path.starts_with('/') {
            return Err("the path must stay inside the examples folder".into());
        }
        self.site
            .read_text_within("examples", path, self.limit)
            .map_err(|e| format!("`examples/{path}`: {e}"))
    }

    pub(crate) fn stamp(&self, path: &str) -> ExampleStamp {
        ExampleStamp {
            modified: file_stamp(&self.dir.join(path)),
            hash: hash_of(self.read(path).ok()),
        }
    }

    /// The stamp of every example file the cached pages show, each file stamped once (pages
    /// share many: 1,067 uses of 516 files on the bundled site), on every core.
    pub(crate) fn stamps<'e>(
        &self,
        shown: impl Iterator<Item = &'e [(String, ExampleStamp)]>,
    ) -> HashMap<&'e str, Stamp> {
        let paths: HashSet<&str> = shown.flatten().map(|(p, _)| p.as_str()).collect();
        paths
            .into_par_iter()
            .map(|p| (p, file_stamp(&self.dir.join(p))))
            .collect()
    }

    /// Whether the examples are as rendered: a file with the same time and length (`now`, by
    /// path) is taken as unchanged (as pages are), so a rebuild reads only the files that were
    /// touched.
    pub(crate) fn unchanged(
        &self,
        examples: &[(String, ExampleStamp)],
        now: &HashMap<&str, Stamp>,
    ) -> bool {
        examples.iter().all(|(p, stamp)| {
            let modified = now
                .get(p.as_str())
                .copied()
                .unwrap_or_else(|| file_stamp(&self.dir.join(p)));
            unchanged(stamp.modified, modified) || hash_of(self.read(p).ok()) == stamp.hash
        })
    }
}
