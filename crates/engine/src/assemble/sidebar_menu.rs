//! The no-JS sidebar of a page's HTML document: nested lists with the page's category open.

use crate::sidebars::{self, holds, window, window::TopLevel};
use docsite_core::model::{Category, SidebarItem};
use docsite_markdown::{escape_attr, escape_html};

/// A sidebar's no-JS menus, made ready once per build for every page that shows it.
pub(crate) enum SidebarMenu {
    /// A sidebar small enough to show whole, pruned to the page's branch
    /// ([`sidebars::pruned`]).
    Whole(Vec<ClosedItem>),
    /// A large sidebar: a window of its top level.
    Window(WindowMenu),
}

impl SidebarMenu {
    /// `large`: the sidebar is shown as a window ([`WindowMenu`]).
    pub(crate) fn new(items: &[SidebarItem], large: bool) -> SidebarMenu {
        match large {
            true => SidebarMenu::Window(WindowMenu::new(items)),
            false => SidebarMenu::Whole(closed_items(items)),
        }
    }
}

/// The no-JS sidebar of a page, for [`super::document`].
pub(crate) fn page_menu(items: &[SidebarItem], menu: &SidebarMenu, current: &str) -> String {
    let mut h = String::with_capacity(16 * 1024);
    match menu {
        SidebarMenu::Window(window) => window.html(&mut h, items, current),
        SidebarMenu::Whole(closed) => branch_menu(&mut h, items, closed, current),
    }
    h
}

/// An item's HTML as every page outside it shows it, and its items' likewise: only the items
/// on a page's own branch show differently, so a page's menu is mostly these, joined (the
/// bundled site's docs sidebar: 300 items, of which a page's branch holds a few).
pub(crate) struct ClosedItem {
    html: String,
    items: Vec<ClosedItem>,
}

fn closed_items(items: &[SidebarItem]) -> Vec<ClosedItem> {
    items
        .iter()
        .map(|item| {
            let mut html = String::new();
            // No page has an empty id: pruned for it, an item is as any page outside it sees it.
            for item in sidebars::pruned(std::slice::from_ref(item), "") {
                menu_item(&mut html, &item, "");
            }
            let items = match item {
                SidebarItem::Category(c) => closed_items(&c.items),
                _ => Vec::new(),
            };
            ClosedItem { html, items }
        })
        .collect()
}

/// [`menu`] of the items pruned to the page's branch, made from their closed HTML but on the
/// branch itself.
fn branch_menu(h: &mut String, items: &[SidebarItem], closed: &[ClosedItem], current: &str) {
    h.push_str("<ul class=\"menu\">");
    for (item, closed) in items.iter().zip(closed) {
        match item {
            SidebarItem::Category(c) if !item.is_hidden() && holds(c, current) => {
                category_open(h, c, current);
                if !c.items.is_empty() {
                    branch_menu(h, &c.items, &closed.items, current);
                }
                h.push_str("</li>");
            }
            SidebarItem::Link(l) if l.doc_id.as_deref() == Some(current) => {
                menu_item(h, item, current)
            }
            _ => h.push_str(&closed.html),
        }
    }
    h.push_str("</ul>");
}

/// The sidebar as nested lists, following the display rules: hidden items and unlisted links
/// (other than the current page) are left out; the category holding the page is open.
fn menu(h: &mut String, items: &[SidebarItem], current: &str) {
    h.push_str("<ul class=\"menu\">");
    for item in items {
        menu_item(h, item, current);
    }
    h.push_str("</ul>");
}

/// The no-JS sidebar of a large sidebar: a window of its top level ([`TopLevel`]). Most of
/// what a page shows is the top-level items outside its own branch, closed, which show the same
/// on every page: their HTML is made once per build, not once per page (on 10,001 pages of 200
/// folders, 99 of the 100 items a page shows).
pub(crate) struct WindowMenu {
    top: TopLevel,
    /// Each top-level item's HTML as a page outside it shows it.
    closed: Vec<String>,
}

impl WindowMenu {
    pub(crate) fn new(items: &[SidebarItem]) -> WindowMenu {
        let closed = (0..items.len())
            .map(|i| {
                let mut h = String::new();
                for item in window::shown_item(items, i, None, "") {
                    menu_item(&mut h, &item, "");
                }
                h
            })
            .collect();
        WindowMenu {
            top: TopLevel::new(items),
            closed,
        }
    }

    fn html(&self, h: &mut String, items: &[SidebarItem], current: &str) {
        // A page under two top-level items is shown active in both: made item by item.
        let kept = self.top.in_one_branch(current);
        let w = self.top.window(items, current);
        h.push_str("<ul class=\"menu\">");
        if let Some(earlier) = &w.earlier {
            menu_item(h, earlier, current);
        }
        for i in w.shown {
            if kept && Some(i) != w.branch {
                h.push_str(&self.closed[i]);
                continue;
            }
            for item in window::shown_item(items, i, w.branch, current) {
                menu_item(h, &item, current);
            }
        }
        if let Some(later) = &w.later {
            menu_item(h, later, current);
        }
        h.push_str("</ul>");
    }
}

/// One item of [`menu`].
fn menu_item(h: &mut String, item: &SidebarItem, current: &str) {
    if item.is_hidden() {
        return;
    }
    match item {
        // Checked and cleaned by the sanitiser when the sidebars were resolved.
        SidebarItem::Html(html) => {
            let mut class = String::from("menu__item menu__html");
            if html.default_style {
                class.push_str(" menu__html--default");
            }
            if let Some(c) = &html.class_name {
                class.push(' ');
                class.push_str(c);
            }
            h.push_str(&format!(
                "<li class=\"{}\">{}</li>",
                escape_attr(&class),
                html.value
            ));
        }
        SidebarItem::Link(l) => {
            let is_current = l.doc_id.as_deref() == Some(current);
            if l.unlisted && !is_current {
                return;
            }
            let (class, aria) = if is_current {
                ("menu__link menu__link--active", " aria-current=\"page\"")
            } else {
                ("menu__link", "")
            };
            h.push_str(&format!(
                "<li class=\"menu__item\"><a class=\"{class}\" href=\"{}\"{aria}>",
                escape_attr(&l.href)
            ));
            logo(h, l.custom_props.as_ref());
            h.push_str(&format!("{}</a></li>", escape_html(&l.label)));
        }
        SidebarItem::Category(c) => {
            category_open(h, c, current);
            if !c.items.is_empty() {
                menu(h, &c.items, current);
            }
            h.push_str("</li>");
        }
    }
}

/// A category's `<li>` and label, up to its items.
fn category_open(h: &mut String, c: &Category, current: &str) {
    let collapsed = c.collapsible && c.collapsed && !holds(c, current);
    let class = if collapsed {
        "menu__category menu__category--collapsed"
    } else {
        "menu__category"
    };
    h.push_str(&format!("<li class=\"{class}\">"));
    match &c.href {
        Some(href) => {
            let is_current = c.doc_id.as_deref() == Some(current);
            let (cls, aria) = if is_current {
                ("menu__label menu__link--active", " aria-current=\"page\"")
            } else {
                ("menu__label", "")
            };
            h.push_str(&format!(
                "<a class=\"{cls}\" href=\"{}\"{aria}>",
                escape_attr(href)
            ));
            logo(h, c.custom_props.as_ref());
            h.push_str(&format!("{}</a>", escape_html(&c.label)));
        }
        None => h.push_str(&format!(
            "<span class=\"menu__label\">{}</span>",
            escape_html(&c.label)
        )),
    }
}

fn logo(h: &mut String, props: Option<&serde_json::Value>) {
    if let Some(src) = props.and_then(|p| p.get("logo")).and_then(|l| l.as_str()) {
        h.push_str(&format!(
            "<img class=\"menu__logo\" src=\"{}\" alt=\"\" width=\"16\" height=\"16\">",
            escape_attr(src)
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use docsite_core::model::{Category, Link};

    fn link(id: &str, unlisted: bool) -> SidebarItem {
        SidebarItem::Link(Link {
            label: format!("Page {id}"),
            href: format!("/{id}"),
            doc_id: Some(id.to_string()),
            unlisted,
            class_name: None,
            custom_props: None,
        })
    }

    fn folder(i: usize, items: Vec<SidebarItem>, collapsed: bool) -> SidebarItem {
        SidebarItem::Category(Category {
            label: format!("Folder {i}"),
            items,
            href: (i % 3 == 0).then(|| format!("/f{i}")),
            doc_id: None,
            collapsed,
            collapsible: true,
            class_name: None,
            custom_props: None,
            items_omitted: false,
        })
    }

    /// A sidebar of 250 folders: some open, some with unlisted pages, and one page under two
    /// of them, the second never collapsed (shown active in both).
    fn large() -> Vec<SidebarItem> {
        let mut items: Vec<SidebarItem> = (0..250)
            .map(|i| {
                let pages = (0..3)
                    .map(|p| link(&format!("f{i}/p{p}"), p == 2))
                    .collect();
                folder(i, pages, i % 7 != 0)
            })
            .collect();
        if let SidebarItem::Category(c) = &mut items[63] {
            c.items.push(link("f20/p0", false));
        }
        items
    }

    #[test]
    fn the_window_made_from_kept_items_is_the_one_made_item_by_item() {
        let items = large();
        let window = SidebarMenu::new(&items, true);
        let top = TopLevel::new(&items);
        let pages = ["f0/p0", "f20/p0", "f63/p1", "f140/p2", "f249/p1", "none"];
        for current in pages {
            let mut expected = String::new();
            menu(&mut expected, &top.page_sidebar(&items, current), current);
            assert_eq!(page_menu(&items, &window, current), expected, "{current}");
        }
        // The page under two folders is active in both.
        let twice = page_menu(&items, &window, "f20/p0");
        assert_eq!(twice.matches("aria-current").count(), 2);
    }

    /// Folders in folders, three deep, with pages of their own, hidden and unlisted items, and
    /// a page under two folders.
    fn nested() -> Vec<SidebarItem> {
        let mut items: Vec<SidebarItem> = (0..6)
            .map(|i| {
                let inner = (0..3)
                    .map(|j| {
                        let pages = (0..3)
                            .map(|p| link(&format!("f{i}/g{j}/p{p}"), p == 2))
                            .collect();
                        let mut folder = folder(i * 10 + j, pages, j != 1);
                        if let SidebarItem::Category(c) = &mut folder {
                            c.doc_id = (j == 0).then(|| format!("f{i}/g{j}"));
                            c.collapsible = i != 4;
                            c.class_name = (i == 3 && j == 2).then(|| "hidden".into());
                        }
                        folder
                    })
                    .chain([link(&format!("f{i}/top"), false)])
                    .collect();
                folder(i, inner, i % 2 == 0)
            })
            .collect();
        if let SidebarItem::Category(c) = &mut items[5] {
            c.items.push(link("f1/g0/p0", false));
        }
        items
    }

    #[test]
    fn a_whole_menu_made_from_closed_items_is_the_pruned_menu() {
        let items = nested();
        let whole = SidebarMenu::new(&items, false);
        let mut pages = vec!["none".to_string()];
        for i in 0..6 {
            pages.push(format!("f{i}/top"));
            for j in 0..3 {
                pages.push(format!("f{i}/g{j}"));
                for p in 0..3 {
                    pages.push(format!("f{i}/g{j}/p{p}"));
                }
            }
        }
        for current in &pages {
            let mut expected = String::new();
            menu(&mut expected, &sidebars::pruned(&items, current), current);
            assert_eq!(page_menu(&items, &whole, current), expected, "{current}");
        }
        // The page under two folders is open and active in both.
        let twice = page_menu(&items, &whole, "f1/g0/p0");
        assert_eq!(twice.matches("aria-current").count(), 2);
        // An unlisted page shows only as the current page.
        assert!(!page_menu(&items, &whole, "f0/top").contains("f0/g0/p2"));
        assert!(page_menu(&items, &whole, "f0/g0/p2").contains("f0/g0/p2"));
    }
}
