//! The no-JS sidebar of a sidebar with very many top-level items (a site of thousands of
//! folders): a window of the top level around the page's own branch, with a link to the
//! sections before it and after it, so that every page stays small and every section stays
//! reachable without JavaScript. The reading app shows the whole sidebar once it mounts.
//! Used for the sidebars too large to inline in every page's data.

use super::{first_href, prune};
use docsite_core::model::{Link, SidebarItem};
use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// Top-level items a page's no-JS sidebar shows at most (besides the two links out of it).
pub const MAX_TOP_LEVEL: usize = 100;

/// Where each page of a sidebar sits at its top level: doc id → position. Made once per build,
/// so that a page's sidebar costs the size of what it shows, not of the whole sidebar.
pub struct TopLevel {
    at: HashMap<String, usize>,
    /// Pages found under more than one top-level item.
    repeated: HashSet<String>,
}

/// What a page's window shows: the link to the sections before it, the top-level positions
/// shown, the page's own branch among them, and the link to the sections after it.
pub struct Window {
    pub earlier: Option<SidebarItem>,
    pub shown: Range<usize>,
    pub branch: Option<usize>,
    pub later: Option<SidebarItem>,
}

impl TopLevel {
    pub fn new(items: &[SidebarItem]) -> TopLevel {
        let mut at = HashMap::new();
        let mut repeated = HashSet::new();
        for (i, item) in items.iter().enumerate() {
            doc_ids(item, &mut |id| match at.get(id) {
                None => {
                    at.insert(id.to_string(), i);
                }
                Some(&first) if first != i => {
                    repeated.insert(id.to_string());
                }
                Some(_) => {}
            });
        }
        TopLevel { at, repeated }
    }

    /// Whether the page is under one top-level item only: every other item then shows the
    /// same on this page as on any page outside it.
    pub fn in_one_branch(&self, current: &str) -> bool {
        !self.repeated.contains(current)
    }

    /// The window of [`MAX_TOP_LEVEL`] top-level items around the page's own branch, with a
    /// link to the nearest section with a page on each side outside it.
    pub fn window(&self, items: &[SidebarItem], current: &str) -> Window {
        let branch = self.at.get(current).copied();
        let shown = window(items.len(), branch.unwrap_or(0));
        Window {
            earlier: items[..shown.start]
                .iter()
                .rev()
                .find_map(first_href)
                .map(|href| more("Earlier sections", href)),
            later: items[shown.end..]
                .iter()
                .find_map(first_href)
                .map(|href| more("Later sections", href)),
            shown,
            branch,
        }
    }

    /// The page's no-JS sidebar: [`prune`]d for the page, every collapsed category around it
    /// closed (those without a page of their own too: a site of folders without index pages
    /// would otherwise put every page of a hundred folders into each page), cut to its
    /// [`TopLevel::window`].
    pub fn page_sidebar(&self, items: &[SidebarItem], current: &str) -> Vec<SidebarItem> {
        let Window {
            earlier,
            shown,
            branch,
            later,
        } = self.window(items, current);
        let mut out = Vec::with_capacity(shown.len() + 2);
        out.extend(earlier);
        for i in shown {
            out.extend(shown_item(items, i, branch, current));
        }
        out.extend(later);
        out
    }
}

/// The top-level item at `i` as a page's window shows it: only the page's own branch can hold
/// it, the others are closed.
pub fn shown_item(
    items: &[SidebarItem],
    i: usize,
    branch: Option<usize>,
    current: &str,
) -> Vec<SidebarItem> {
    let id = if Some(i) == branch { current } else { "" };
    prune(std::slice::from_ref(&items[i]), id, true)
}

/// The top-level positions shown around position `at` of `len` items.
fn window(len: usize, at: usize) -> Range<usize> {
    if len <= MAX_TOP_LEVEL {
        return 0..len;
    }
    let start = at
        .saturating_sub(MAX_TOP_LEVEL / 2)
        .min(len - MAX_TOP_LEVEL);
    start..start + MAX_TOP_LEVEL
}

fn doc_ids(item: &SidebarItem, each: &mut impl FnMut(&str)) {
    match item {
        SidebarItem::Category(c) => {
            if let Some(id) = &c.doc_id {
                each(id);
            }
            for inner in &c.items {
                doc_ids(inner, each);
            }
        }
        SidebarItem::Link(l) => {
            if let Some(id) = &l.doc_id {
                each(id);
            }
        }
        SidebarItem::Html(_) => {}
    }
}

fn more(label: &str, href: String) -> SidebarItem {
    SidebarItem::Link(Link {
        label: label.into(),
        href,
        doc_id: None,
        unlisted: false,
        class_name: None,
        custom_props: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use docsite_core::model::Category;

    fn folder(i: usize) -> SidebarItem {
        SidebarItem::Category(Category {
            label: format!("Folder {i}"),
            items: vec![SidebarItem::Link(Link {
                label: format!("Page {i}"),
                href: format!("/f{i}/page"),
                doc_id: Some(format!("f{i}/page")),
                unlisted: false,
                class_name: None,
                custom_props: None,
            })],
            href: Some(format!("/f{i}")),
            doc_id: None,
            collapsed: true,
            collapsible: true,
            class_name: None,
            custom_props: None,
            items_omitted: false,
        })
    }

    fn labels(items: &[SidebarItem]) -> Vec<String> {
        items
            .iter()
            .map(|i| match i {
                SidebarItem::Category(c) => c.label.clone(),
                SidebarItem::Link(l) => format!("{} {}", l.label, l.href),
                SidebarItem::Html(_) => String::new(),
            })
            .collect()
    }

    #[test]
    fn a_small_top_level_is_left_whole() {
        let items: Vec<_> = (0..MAX_TOP_LEVEL).map(folder).collect();
        let shown = TopLevel::new(&items).page_sidebar(&items, "f7/page");
        assert_eq!(shown, prune(&items, "f7/page", true));
        assert_eq!(shown.len(), MAX_TOP_LEVEL);
    }

    #[test]
    fn folders_without_pages_are_closed_and_lead_to_their_first_page() {
        let pageless = |i| match folder(i) {
            SidebarItem::Category(c) => SidebarItem::Category(Category { href: None, ..c }),
            other => other,
        };
        let items: Vec<_> = (0..1000).map(pageless).collect();
        let shown = TopLevel::new(&items).page_sidebar(&items, "f500/page");
        let SidebarItem::Category(other) = &shown[2] else {
            panic!("a folder")
        };
        assert_eq!((other.label.as_str(), other.items.len()), ("Folder 451", 0));
        assert!(other.items_omitted);
        assert_eq!(other.href.as_deref(), Some("/f451/page"));
        let own = shown
            .iter()
            .find_map(|i| match i {
                SidebarItem::Category(c) if c.label == "Folder 500" => Some(c),
                _ => None,
            })
            .expect("the page's own folder");
        assert_eq!(own.items.len(), 1, "the page's own folder stays open");
        assert_eq!(own.href, None);
    }

    #[test]
    fn a_large_one_shows_a_window_around_the_page_with_links_out_of_it() {
        let items: Vec<_> = (0..1000).map(folder).collect();
        let shown = labels(&TopLevel::new(&items).page_sidebar(&items, "f500/page"));
        assert_eq!(shown.len(), MAX_TOP_LEVEL + 2);
        assert_eq!(shown[0], "Earlier sections /f449");
        assert_eq!(shown[1], "Folder 450");
        assert!(shown.contains(&"Folder 500".to_string()));
        assert_eq!(shown[MAX_TOP_LEVEL], "Folder 549");
        assert_eq!(shown[MAX_TOP_LEVEL + 1], "Later sections /f550");
    }

    #[test]
    fn at_either_end_the_window_stays_full_with_one_link_out() {
        let items: Vec<_> = (0..1000).map(folder).collect();
        let top = TopLevel::new(&items);
        let first = labels(&top.page_sidebar(&items, "f3/page"));
        assert_eq!(
            (first.len(), first[0].as_str()),
            (MAX_TOP_LEVEL + 1, "Folder 0")
        );
        assert_eq!(first[MAX_TOP_LEVEL], "Later sections /f100");
        let last = labels(&top.page_sidebar(&items, "f999/page"));
        assert_eq!(last[0], "Earlier sections /f899");
        assert_eq!(last[MAX_TOP_LEVEL], "Folder 999");
    }
}
