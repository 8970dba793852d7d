//! The versions of a site (Docusaurus's versioned docs) as the later stages see them: the
//! version menu and, per version, where each page is, so a page can link to itself in the
//! other versions.

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use ts_rs::TS;

fn is_false(b: &bool) -> bool {
    !*b
}

/// A version of the docs as the version menu lists it.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
#[serde(rename_all = "camelCase")]
pub struct VersionEntry {
    pub version: String,
    pub label: String,
    /// The route of the version's first page (its route base when it has a page there).
    pub href: String,
    /// The route every page of the version starts with (`/docs/next`, `/docs`).
    pub base: String,
    pub is_last: bool,
    /// Left out of search engines and of search (its index is empty).
    #[serde(skip_serializing_if = "is_false")]
    #[ts(as = "Option<bool>", optional)]
    pub no_index: bool,
}

/// A version hosted elsewhere, listed in the version menu after the site's own.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, TS)]
#[serde(deny_unknown_fields)]
pub struct ExternalVersion {
    pub label: String,
    pub href: String,
}

/// The versions of a site: what the navbar's version menu shows.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
#[serde(rename_all = "camelCase")]
pub struct VersionMenu {
    /// The site's own versions, in `versions.json` order with the current docs first.
    pub versions: Vec<VersionEntry>,
    /// Versions hosted elsewhere (`docsVersionDropdown.dropdownItemsAfter`).
    pub external: Vec<ExternalVersion>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct VersionSet {
    /// What the navbar's version menu lists.
    pub menu: VersionMenu,
    /// The name of the version at the route base (Docusaurus's `lastVersion`).
    pub last: String,
    /// Version name → page id → route.
    pub routes: BTreeMap<String, HashMap<String, String>>,
}

impl VersionSet {
    /// The same page in every other version that has it (version name → route); `None` when
    /// the site has one version.
    pub fn page_versions(&self, version: &str, id: &str) -> Option<BTreeMap<String, String>> {
        if self.routes.len() < 2 {
            return None;
        }
        let found = self
            .routes
            .iter()
            .filter(|(name, _)| name.as_str() != version)
            .filter_map(|(name, pages)| Some((name.clone(), pages.get(id)?.clone())))
            .collect();
        Some(found)
    }

    /// The page's route in the last version, when the page is there and `version` is another.
    pub fn latest_route(&self, version: &str, id: &str) -> Option<&str> {
        if version == self.last {
            return None;
        }
        self.routes.get(&self.last)?.get(id).map(String::as_str)
    }
}

/// A version name is a path segment and a folder name: letters, digits, `.`, `-`, `_`.
pub fn valid_version_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name != "."
        && name != ".."
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set() -> VersionSet {
        let pages = |pairs: &[(&str, &str)]| {
            pairs
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect::<HashMap<_, _>>()
        };
        VersionSet {
            menu: VersionMenu {
                versions: Vec::new(),
                external: Vec::new(),
            },
            last: "2.0".into(),
            routes: [
                (
                    "current".to_string(),
                    pages(&[("a", "/next/a"), ("new", "/next/new")]),
                ),
                ("2.0".to_string(), pages(&[("a", "/a")])),
                (
                    "1.0".to_string(),
                    pages(&[("a", "/1.0/a"), ("old", "/1.0/old")]),
                ),
            ]
            .into_iter()
            .collect(),
        }
    }

    #[test]
    fn a_page_finds_itself_in_the_versions_that_have_it() {
        let s = set();
        let a = s.page_versions("current", "a").unwrap();
        assert_eq!(a.get("2.0").map(String::as_str), Some("/a"));
        assert_eq!(a.get("1.0").map(String::as_str), Some("/1.0/a"));
        assert!(!a.contains_key("current"));
        assert!(s.page_versions("1.0", "old").unwrap().is_empty());
        assert_eq!(s.latest_route("1.0", "a"), Some("/a"));
        assert_eq!(s.latest_route("2.0", "a"), None);
        assert_eq!(s.latest_route("current", "new"), None);
    }

    #[test]
    fn version_names_are_safe_path_segments() {
        for good in ["1.0", "current", "2.1.x", "v3_beta"] {
            assert!(valid_version_name(good), "{good}");
        }
        for bad in ["", "..", "1/0", "a b", "é", "../x"] {
            assert!(!valid_version_name(bad), "{bad}");
        }
    }
}
