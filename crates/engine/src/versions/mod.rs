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
use std::sync::Arc;

/// What the versions have in common, once every version is loaded: `last` (the set of the
/// last build) itself when it is still right, as after an edit to a page's text, so that a
/// rebuild neither makes every version's map of routes again nor compares it.
pub(crate) fn version_set(
    plan: &Plan,
    loaded: &[&SiteSources],
    last: Option<&Arc<VersionSet>>,
) -> Arc<VersionSet> {
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
    let menu = VersionMenu { versions, external };
    let still_right = |set: &&Arc<VersionSet>| {
        set.menu == menu && set.last == plan.last && same_routes(set, loaded)
    };
    if let Some(set) = last.filter(still_right) {
        return set.clone();
    }
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
    Arc::new(VersionSet {
        menu,
        last: plan.last.clone(),
        routes,
    })
}

/// Whether `set` has each loaded version's pages at their routes, and no other.
fn same_routes(set: &VersionSet, loaded: &[&SiteSources]) -> bool {
    set.routes.len() == loaded.len()
        && loaded.iter().all(|s| {
            set.routes.get(&s.version.version).is_some_and(|routes| {
                routes.len() == s.pages.len()
                    && s.pages.iter().all(|p| routes.get(&p.id) == Some(&p.route))
            })
        })
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
