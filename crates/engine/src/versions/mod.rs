//! The versions stage: Docusaurus's versioned docs. A site with `versions.json` (or site.yaml's
//! `versions`) builds each version as a site of its own (its docs folder, sidebars file, routes
//! under its path and its metadata) with a builder of its own, so a rebuild reuses each
//! version's caches; then the outputs are merged into one (see [`merge`]).
//!
//! In: the site folder. Out: the plan ([`plan::Plan`]), the [`VersionSet`] every version's page
//! data reads (the menu, and where each page is in the other versions), and the merged output.

mod build;
pub mod merge;
pub mod plan;
pub(crate) mod reuse;

use crate::load::SiteSources;
use docsite_core::model::{VersionEntry, VersionMenu};
use docsite_core::versions::VersionSet;
use plan::Plan;
use std::collections::HashMap;

/// What the versions have in common, once every version is loaded.
pub(crate) fn version_set(plan: &Plan, loaded: &[&SiteSources]) -> VersionSet {
    let versions = loaded
        .iter()
        .map(|s| VersionEntry {
            version: s.version.version.clone(),
            label: s.version.label.clone(),
            href: first_page(s),
            base: s.config.route_base_path.clone(),
            is_last: s.version.version == plan.last,
            no_index: s.version.no_index,
        })
        .collect();
    let external = loaded
        .first()
        .and_then(|s| s.config.docs_version_dropdown.as_ref())
        .map(|d| d.dropdown_items_after.clone())
        .unwrap_or_default();
    let routes = loaded
        .iter()
        .map(|s| {
            let pages: HashMap<String, String> = s
                .pages
                .iter()
                .map(|p| (p.id.clone(), p.route.clone()))
                .collect();
            (s.version.version.clone(), pages)
        })
        .collect();
    VersionSet {
        menu: VersionMenu { versions, external },
        last: plan.last.clone(),
        routes,
    }
}

/// Where the version menu leads for a version: the page at its route base when there is one,
/// else its first page in id order.
fn first_page(s: &SiteSources) -> String {
    let base = &s.config.route_base_path;
    s.pages
        .iter()
        .find(|p| &p.route == base)
        .or_else(|| s.pages.first())
        .map_or_else(|| base.clone(), |p| p.route.clone())
}

/// Whether a one-version site shows a version menu: when site.yaml sets one.
pub(crate) fn wants_menu(sources: &SiteSources) -> bool {
    sources.config.docs_version_dropdown.is_some()
}
