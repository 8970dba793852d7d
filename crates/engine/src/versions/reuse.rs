//! Rebuilds of a versioned site under `docsite serve`: told which files changed, a version
//! none of whose files changed keeps its last output, as long as the versions' pages (what
//! every version's menu and page data show of the others) are the same as before. An edit in
//! one version then costs about what it costs a site of that one version.

use crate::load::{sidebar_config, DocsSource, SiteSources};
use crate::output::Output;
use crate::Built;
use docsite_core::api::ApiIndex;
use docsite_core::model::PageEntry;
use docsite_core::Diagnostics;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What a version's last build left, to stand for it when nothing of it changed.
pub(crate) struct LastVersion {
    /// Its sources as loaded: what the versions' page lists are made from.
    pub sources: SiteSources,
    output: Output,
    catalogue: Vec<PageEntry>,
    warnings: Diagnostics,
    pages: usize,
    api_coverage: Arc<Vec<crate::api::Coverage>>,
    api_index: Option<Arc<ApiIndex>>,
    mcp: bool,
}

impl LastVersion {
    pub fn new(sources: SiteSources, built: &Built) -> Self {
        LastVersion {
            sources,
            output: built.output.clone(),
            catalogue: built.catalogue.clone(),
            warnings: built.warnings.clone(),
            pages: built.pages,
            api_coverage: built.api_coverage.clone(),
            api_index: built.api_index.clone(),
            mcp: built.mcp,
        }
    }

    /// The last build again, with the search index and `llms.txt` the version has now (they
    /// may have been made since, after that build was served).
    pub fn built(
        &self,
        search: &[(String, Arc<Vec<u8>>)],
        llms: &[(String, Arc<Vec<u8>>)],
    ) -> Built {
        let mut output = self.output.clone();
        crate::search::replace_files(&mut output, search);
        crate::llms::insert_files(&mut output, llms);
        Built {
            output,
            catalogue: self.catalogue.clone(),
            warnings: self.warnings.clone(),
            timings: Vec::new(),
            pages: self.pages,
            rendered: 0,
            islands_rendered: 0,
            versions_built: 0,
            search_stale: false,
            llms_stale: false,
            llms_full_later: Vec::new(),
            api_coverage: self.api_coverage.clone(),
            api_index: self.api_index.clone(),
            mcp: self.mcp,
        }
    }
}

/// Whether every changed path is one of another version's own files (in its docs folder, or
/// its sidebars file): then `version` has nothing new to read.
pub(crate) fn untouched(
    root: &Path,
    version: &DocsSource,
    all: &[DocsSource],
    changed: &[PathBuf],
) -> bool {
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let root = absolute(root);
    let owns = |s: &DocsSource, p: &Path| {
        p.starts_with(root.join(&s.docs_dir))
            || match &s.sidebars_file {
                Some(file) => p == root.join(file),
                None => sidebar_config::FILES.iter().any(|f| p == root.join(f)),
            }
    };
    !changed.is_empty()
        && changed.iter().map(|p| absolute(p)).all(|p| {
            !owns(version, &p)
                && all
                    .iter()
                    .any(|s| s.version != version.version && owns(s, &p))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(version: &str, docs: &str, sidebars: Option<&str>) -> DocsSource {
        DocsSource {
            version: version.into(),
            docs_dir: docs.into(),
            sidebars_file: sidebars.map(String::from),
            path: String::new(),
            meta: None,
        }
    }

    #[test]
    fn only_changes_in_other_versions_leave_a_version_untouched() {
        let all = [
            source("current", "docs", None),
            source(
                "1.1",
                "versioned_docs/version-1.1",
                Some("versioned_sidebars/version-1.1-sidebars.json"),
            ),
            source(
                "1.10",
                "versioned_docs/version-1.10",
                Some("versioned_sidebars/version-1.10-sidebars.json"),
            ),
        ];
        let root = Path::new("/site");
        let paths = |ps: &[&str]| ps.iter().map(PathBuf::from).collect::<Vec<_>>();
        let edit_11 = paths(&["/site/versioned_docs/version-1.1/a.md"]);
        assert!(untouched(root, &all[0], &all, &edit_11));
        assert!(untouched(root, &all[2], &all, &edit_11), "1.10 is not 1.1");
        assert!(!untouched(root, &all[1], &all, &edit_11));
        let sidebars = paths(&["/site/sidebars.yaml"]);
        assert!(untouched(root, &all[1], &all, &sidebars));
        assert!(!untouched(root, &all[0], &all, &sidebars));
        // Files every version reads, and no hint at all, touch every version.
        for shared in [
            "/site/site.yaml",
            "/site/static/x.png",
            "/site/versions.json",
            "/site/src/C.jsx",
        ] {
            assert!(
                !untouched(root, &all[1], &all, &paths(&[shared])),
                "{shared}"
            );
        }
        assert!(!untouched(root, &all[1], &all, &[]));
    }
}
