//! Previous/next, breadcrumbs and the card lists of index pages, all derived from the sidebars.

use crate::sidebars::Sidebars;
use crate::Page;
use docsite_core::model::{Card, Category, Crumb, NavLink, SidebarItem};
use std::collections::HashMap;

/// Reading order of each sidebar: listed pages only, each once.
pub fn reading_orders(
    sidebars: &Sidebars,
    pages: &[Page],
    by_id: &HashMap<String, usize>,
) -> HashMap<String, Vec<String>> {
    let mut orders = HashMap::new();
    for (name, items) in &sidebars.items {
        let mut seen = std::collections::HashSet::new();
        let order: Vec<String> = crate::sidebars::doc_ids(items)
            .into_iter()
            .filter(|id| {
                by_id
                    .get(id)
                    .is_some_and(|&i| !pages[i].src.front_matter.unlisted)
            })
            .filter(|id| seen.insert(id.clone()))
            .collect();
        orders.insert(name.clone(), order);
    }
    orders
}

/// Previous and next of a page: its neighbours in the reading order, unless front matter says
/// otherwise. Unlisted pages and pages in no sidebar have none.
pub fn prev_next(
    page: &Page,
    sidebar: Option<&str>,
    orders: &HashMap<String, Vec<String>>,
    pages: &[Page],
    by_id: &HashMap<String, usize>,
) -> (Option<NavLink>, Option<NavLink>) {
    let fm = &page.src.front_matter;
    let Some(order) = sidebar.and_then(|s| orders.get(s)).filter(|_| !fm.unlisted) else {
        return (None, None);
    };
    let index = order.iter().position(|id| *id == page.src.id);
    let neighbour = |offset: isize| {
        index
            .and_then(|i| i.checked_add_signed(offset))
            .and_then(|j| order.get(j))
            .cloned()
    };
    let pick = |explicit: &Option<Option<String>>, offset| match explicit {
        Some(choice) => choice.clone(),
        None => neighbour(offset),
    };
    let link = |id: Option<String>| {
        id.and_then(|id| by_id.get(&id).map(|&i| &pages[i]))
            .map(|p| NavLink {
                title: p.sidebar_label().to_string(),
                href: p.src.route.clone(),
            })
    };
    (
        link(pick(&fm.pagination_prev, -1)),
        link(pick(&fm.pagination_next, 1)),
    )
}

/// The categories leading to a page, then the page itself.
pub fn breadcrumbs(items: &[SidebarItem], id: &str) -> Vec<Crumb> {
    let mut trail = Vec::new();
    if find_path(items, id, &mut trail) {
        trail
    } else {
        Vec::new()
    }
}

fn find_path(items: &[SidebarItem], id: &str, trail: &mut Vec<Crumb>) -> bool {
    // A page that is a category's own page ends the trail at that category.
    for item in items {
        if let SidebarItem::Category(c) = item {
            if c.doc_id.as_deref() == Some(id) {
                trail.push(Crumb {
                    label: c.label.clone(),
                    href: None,
                });
                return true;
            }
        }
    }
    for item in items {
        match item {
            SidebarItem::Link(l) if l.doc_id.as_deref() == Some(id) => {
                trail.push(Crumb {
                    label: l.label.clone(),
                    href: None,
                });
                return true;
            }
            SidebarItem::Category(c) => {
                trail.push(Crumb {
                    label: c.label.clone(),
                    href: c.href.clone(),
                });
                if find_path(&c.items, id, trail) {
                    return true;
                }
                trail.pop();
            }
            SidebarItem::Link(_) => {}
        }
    }
    false
}

/// The cards of a page's card list: the items of the category the page belongs to.
pub fn cards(
    items: &[SidebarItem],
    id: &str,
    pages: &[Page],
    by_id: &HashMap<String, usize>,
) -> Option<Vec<Card>> {
    let category = owning_category(items, id)?;
    let cards = category
        .items
        .iter()
        .filter(|item| match item {
            SidebarItem::Link(l) => !l.unlisted && l.doc_id.as_deref() != Some(id),
            SidebarItem::Category(_) => true,
        })
        .filter_map(|item| card(item, pages, by_id))
        .collect();
    Some(cards)
}

/// The category linked to the page, else the category the page sits in.
fn owning_category<'a>(items: &'a [SidebarItem], id: &str) -> Option<&'a Category> {
    fn linked<'a>(items: &'a [SidebarItem], id: &str) -> Option<&'a Category> {
        items.iter().find_map(|item| match item {
            SidebarItem::Category(c) if c.doc_id.as_deref() == Some(id) => Some(c),
            SidebarItem::Category(c) => linked(&c.items, id),
            SidebarItem::Link(_) => None,
        })
    }
    fn parent<'a>(items: &'a [SidebarItem], id: &str) -> Option<&'a Category> {
        items.iter().find_map(|item| match item {
            SidebarItem::Category(c)
                if c.items.iter().any(
                    |i| matches!(i, SidebarItem::Link(l) if l.doc_id.as_deref() == Some(id)),
                ) =>
            {
                Some(c)
            }
            SidebarItem::Category(c) => parent(&c.items, id),
            SidebarItem::Link(_) => None,
        })
    }
    linked(items, id).or_else(|| parent(items, id))
}

fn card(item: &SidebarItem, pages: &[Page], by_id: &HashMap<String, usize>) -> Option<Card> {
    let page_of =
        |doc: &Option<String>| doc.as_ref().and_then(|d| by_id.get(d)).map(|&i| &pages[i]);
    match item {
        SidebarItem::Link(l) => Some(Card {
            label: l.label.clone(),
            href: l.href.clone(),
            description: page_of(&l.doc_id)
                .map(|p| p.description.clone())
                .unwrap_or_default(),
            doc_id: l.doc_id.clone(),
            custom_props: l.custom_props.clone(),
        }),
        SidebarItem::Category(c) => {
            let first_link = || {
                crate::sidebars::doc_ids(&c.items)
                    .first()
                    .and_then(|d| by_id.get(d))
                    .map(|&i| pages[i].src.route.clone())
            };
            let href = c.href.clone().or_else(first_link)?;
            let page = page_of(&c.doc_id);
            let count = c.items.len();
            Some(Card {
                label: c.label.clone(),
                href,
                description: page
                    .map(|p| p.description.clone())
                    .unwrap_or_else(|| format!("{count} items")),
                doc_id: c.doc_id.clone(),
                custom_props: c
                    .custom_props
                    .clone()
                    .or_else(|| page.and_then(|p| p.src.front_matter.sidebar_custom_props.clone())),
            })
        }
    }
}
