//! Which docs folder a load reads, and as which version: `docs/` as the only version, or one
//! version of a versioned site (its folder, sidebars file, path and metadata); and the navbar
//! of a version other than the last, kept inside it.

use crate::load::{with_base, SourcePage};
use docsite_core::config::SiteConfig;
use docsite_core::model::VersionMeta;
use std::sync::Arc;

/// Which docs folder a load reads, and as which version of the site.
#[derive(Debug, Clone, PartialEq)]
pub struct DocsSource {
    /// The version's name: `current` for `docs/`, else its name in `versions.json`.
    pub version: String,
    /// The folder of its pages under the site folder (`docs`, `versioned_docs/version-1.0`).
    pub docs_dir: String,
    /// Its sidebars file under the site folder; `None`: the site's own sidebars file.
    pub sidebars_file: Option<String>,
    /// Its path under `routeBasePath` (`next`, `1.0`; empty for the last version).
    pub path: String,
    /// Its metadata; `None`: site.yaml's `version:` block.
    pub meta: Option<VersionMeta>,
}

impl DocsSource {
    /// `docs/` as the site's only version.
    pub fn current() -> Self {
        DocsSource {
            version: "current".into(),
            docs_dir: "docs".into(),
            sidebars_file: None,
            path: String::new(),
            meta: None,
        }
    }
}

/// In a version other than the last, a navbar link to a page of the docs leads to the same page
/// of this version where it has one, so a reader moving between sidebars stays in it.
pub(super) fn keep_navbar_in_version(
    config: &mut SiteConfig,
    site_base: &str,
    pages: &[Arc<SourcePage>],
) {
    let base = site_base.trim_end_matches('/');
    let routes: std::collections::HashSet<&str> = pages.iter().map(|p| p.route.as_str()).collect();
    for item in &mut config.navbar {
        let Some(rest) = item
            .to
            .strip_prefix(base)
            .filter(|r| r.is_empty() || r.starts_with('/'))
        else {
            continue;
        };
        let moved = with_base(
            &config.route_base_path,
            if rest.is_empty() { "/" } else { rest },
        );
        if routes.contains(moved.as_str()) {
            item.to = moved;
        }
    }
}
