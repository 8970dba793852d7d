//! What the app derives from a sidebar file alone: a page's breadcrumbs and its previous and
//! next pages. A page JSON file leaves them out when this gives the same as the engine's own
//! navigation (which also knows front matter), so the rule here and the app's
//! (`web/src/support/navigation.ts`) must stay the same; the bundled site's check
//! (`web/src/support/navigation.site.test.ts`) compares the two on every page.

use crate::model::{Crumb, NavLink, SidebarItem};
use std::collections::HashMap;

/// A page's place in its sidebar, as the app derives it (none for a page without a sidebar).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct DerivedNavigation {
    pub breadcrumbs: Vec<Crumb>,
    pub previous: Option<NavLink>,
    pub next: Option<NavLink>,
}

/// One sidebar's derived navigation for every page in it, worked out once.
///
/// Breadcrumbs: the categories leading to the first place of a page (a category linked to a
/// page counts before the other items of its level), then the page itself. Previous and next:
/// the page's neighbours among the sidebar's pages in reading order (each category's page
/// before its items, unlisted links left out, each page at its first place).
pub struct SidebarNavigation {
    order: Vec<NavLink>,
    position: HashMap<String, usize>,
    crumbs: HashMap<String, Vec<Crumb>>,
}

impl SidebarNavigation {
    pub fn new(items: &[SidebarItem]) -> Self {
        let mut nav = SidebarNavigation {
            order: Vec::new(),
            position: HashMap::new(),
            crumbs: HashMap::new(),
        };
        nav.read(items);
        nav.trails(items, &mut Vec::new());
        nav
    }

    /// The navigation of the page `id` (none for a page the sidebar does not hold).
    pub fn of(&self, id: &str) -> DerivedNavigation {
        let at = self.position.get(id).copied();
        let neighbour = |offset: isize| {
            at.and_then(|i| i.checked_add_signed(offset))
                .and_then(|j| self.order.get(j))
                .cloned()
        };
        DerivedNavigation {
            breadcrumbs: self.breadcrumbs(id),
            previous: neighbour(-1),
            next: neighbour(1),
        }
    }

    /// The breadcrumbs of the page `id` (none for a page the sidebar does not hold).
    pub fn breadcrumbs(&self, id: &str) -> Vec<Crumb> {
        self.crumbs.get(id).cloned().unwrap_or_default()
    }

    fn read(&mut self, items: &[SidebarItem]) {
        for item in items {
            let page = match item {
                SidebarItem::Link(l) if !l.unlisted => {
                    l.doc_id.as_ref().map(|id| (id, &l.label, Some(&l.href)))
                }
                SidebarItem::Category(c) => {
                    c.doc_id.as_ref().map(|id| (id, &c.label, c.href.as_ref()))
                }
                SidebarItem::Link(_) | SidebarItem::Html(_) => None,
            };
            if let Some((id, label, Some(href))) = page {
                if !self.position.contains_key(id) {
                    self.position.insert(id.clone(), self.order.len());
                    self.order.push(NavLink {
                        title: label.clone(),
                        href: href.clone(),
                    });
                }
            }
            if let SidebarItem::Category(c) = item {
                self.read(&c.items);
            }
        }
    }

    fn trails(&mut self, items: &[SidebarItem], above: &mut Vec<Crumb>) {
        for item in items {
            if let SidebarItem::Category(c) = item {
                self.end_trail(&c.doc_id, &c.label, above);
            }
        }
        for item in items {
            match item {
                SidebarItem::Link(l) => self.end_trail(&l.doc_id, &l.label, above),
                SidebarItem::Category(c) => {
                    above.push(Crumb {
                        label: c.label.clone(),
                        href: c.href.clone(),
                    });
                    self.trails(&c.items, above);
                    above.pop();
                }
                SidebarItem::Html(_) => {}
            }
        }
    }

    fn end_trail(&mut self, id: &Option<String>, label: &str, above: &[Crumb]) {
        if let Some(id) = id {
            self.crumbs.entry(id.clone()).or_insert_with(|| {
                let mut crumbs = above.to_vec();
                crumbs.push(Crumb {
                    label: label.to_string(),
                    href: None,
                });
                crumbs
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Category, Link};

    fn link(id: &str, label: &str, unlisted: bool) -> SidebarItem {
        SidebarItem::Link(Link {
            label: label.into(),
            href: format!("/{id}"),
            doc_id: Some(id.into()),
            unlisted,
            class_name: None,
            custom_props: None,
        })
    }

    fn external(label: &str) -> SidebarItem {
        SidebarItem::Link(Link {
            label: label.into(),
            href: "https://example.com".into(),
            doc_id: None,
            unlisted: false,
            class_name: None,
            custom_props: None,
        })
    }

    fn category(label: &str, page: Option<&str>, items: Vec<SidebarItem>) -> SidebarItem {
        SidebarItem::Category(Category {
            label: label.into(),
            items,
            href: page.map(|p| format!("/{p}")),
            doc_id: page.map(str::to_string),
            collapsed: true,
            collapsible: true,
            class_name: None,
            custom_props: None,
            items_omitted: false,
        })
    }

    fn nav(title: &str, id: &str) -> Option<NavLink> {
        Some(NavLink {
            title: title.into(),
            href: format!("/{id}"),
        })
    }

    fn sidebar() -> Vec<SidebarItem> {
        vec![
            link("intro", "Intro", false),
            category(
                "Guides",
                Some("guides"),
                vec![
                    link("guides/a", "A", false),
                    link("guides/hidden", "Hidden", true),
                    external("Elsewhere"),
                    category("Deep", None, vec![link("guides/deep/b", "B", false)]),
                ],
            ),
            link("intro", "Intro again", false),
            link("last", "Last", false),
        ]
    }

    #[test]
    fn reading_order_puts_a_category_page_first_and_skips_unlisted_links_and_repeats() {
        let nav_of = SidebarNavigation::new(&sidebar());
        let a = nav_of.of("guides/a");
        assert_eq!(a.previous, nav("Guides", "guides"));
        assert_eq!(
            a.next,
            nav("B", "guides/deep/b"),
            "the unlisted page and the external link are skipped"
        );
        assert_eq!(nav_of.of("guides").previous, nav("Intro", "intro"));
        assert_eq!(
            nav_of.of("last").previous,
            nav("B", "guides/deep/b"),
            "intro counts once"
        );
        assert_eq!(nav_of.of("intro").previous, None);
        assert_eq!(nav_of.of("hidden").next, None);
    }

    #[test]
    fn breadcrumbs_lead_through_categories_to_the_page() {
        let nav_of = SidebarNavigation::new(&sidebar());
        let crumb = |label: &str, href: Option<&str>| Crumb {
            label: label.into(),
            href: href.map(str::to_string),
        };
        assert_eq!(
            nav_of.of("guides/deep/b").breadcrumbs,
            [
                crumb("Guides", Some("/guides")),
                crumb("Deep", None),
                crumb("B", None)
            ]
        );
        assert_eq!(nav_of.of("guides").breadcrumbs, [crumb("Guides", None)]);
        assert_eq!(
            nav_of.of("intro").breadcrumbs,
            [crumb("Intro", None)],
            "its first place"
        );
        assert!(nav_of.of("elsewhere").breadcrumbs.is_empty());
    }
}
