//! Previous/next and the card lists of index pages, derived from the sidebars (breadcrumbs come
//! from `docsite_core::derived_navigation`, the rule the app shares).

use crate::render::Page;
use crate::sidebars::Sidebars;
use docsite_core::model::{Card, Category, NavLink, SidebarItem};
use docsite_core::url::route_url;
use std::collections::HashMap;

/// A sidebar's reading order (listed pages only, each once) and every page's place in it.
pub struct ReadingOrder {
    pub order: Vec<String>,
    pub position: HashMap<String, usize>,
}

/// The reading order of each sidebar.
pub fn reading_orders(
    sidebars: &Sidebars,
    pages: &[Page],
    by_id: &HashMap<String, usize>,
) -> HashMap<String, ReadingOrder> {
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
        let position = order
            .iter()
            .enumerate()
            .map(|(i, id)| (id.clone(), i))
            .collect();
        orders.insert(name.clone(), ReadingOrder { order, position });
    }
    orders
}

/// Previous and next of a page: its neighbours in the reading order, unless front matter says
/// otherwise. Unlisted pages and pages in no sidebar have none.
pub fn prev_next(
    page: &Page,
    sidebar: Option<&str>,
    orders: &HashMap<String, ReadingOrder>,
    pages: &[Page],
    by_id: &HashMap<String, usize>,
) -> (Option<NavLink>, Option<NavLink>) {
    let fm = &page.src.front_matter;
    let Some(reading) = sidebar.and_then(|s| orders.get(s)).filter(|_| !fm.unlisted) else {
        return (None, None);
    };
    let index = reading.position.get(&page.src.id).copied();
    let neighbour = |offset: isize| {
        index
            .and_then(|i| i.checked_add_signed(offset))
            .and_then(|j| reading.order.get(j))
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
                href: route_url(&p.src.route),
            })
    };
    (
        link(pick(&fm.pagination_prev, -1)),
        link(pick(&fm.pagination_next, 1)),
    )
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
            SidebarItem::Html(_) => false,
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
            SidebarItem::Link(_) | SidebarItem::Html(_) => None,
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
            SidebarItem::Link(_) | SidebarItem::Html(_) => None,
        })
    }
    linked(items, id).or_else(|| parent(items, id))
}

fn card(item: &SidebarItem, pages: &[Page], by_id: &HashMap<String, usize>) -> Option<Card> {
    let page_of =
        |doc: &Option<String>| doc.as_ref().and_then(|d| by_id.get(d)).map(|&i| &pages[i]);
    match item {
        SidebarItem::Html(_) => None,
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
                    .filter(|d| !d.is_empty())
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
