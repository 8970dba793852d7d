//! The data the engine hands to the reading app. The app's TypeScript types are generated from
//! these structs (`web/src/contract.generated.ts`, by the `typescript_contract` test).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use ts_rs::TS;

/// A sidebar item as the theme receives it: categories, links and HTML items remain.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum SidebarItem {
    Category(Category),
    Link(Link),
    Html(HtmlItem),
}

/// A sidebar `html` item (a divider, a heading, a badge): markup, not a page.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
#[serde(rename_all = "camelCase")]
pub struct HtmlItem {
    /// The item's HTML, already checked and cleaned by the sanitiser.
    pub value: String,
    /// Padded like a link (Docusaurus's `defaultStyle`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub default_style: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub class_name: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, TS)]
#[serde(rename_all = "camelCase")]
pub struct Category {
    pub label: String,
    pub items: Vec<SidebarItem>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub href: Option<String>,
    /// The page the category links to, when it links to one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub doc_id: Option<String>,
    pub collapsed: bool,
    pub collapsible: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub class_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "CustomProps")]
    pub custom_props: Option<Value>,
    /// Set in a page's inlined sidebar when a collapsed category's items were left out to keep
    /// the page small; the full sidebar is in the file `PageData::sidebar_url` names.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub items_omitted: bool,
}

#[derive(Debug, Clone, Serialize, PartialEq, TS)]
#[serde(rename_all = "camelCase")]
pub struct Link {
    pub label: String,
    pub href: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub doc_id: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub unlisted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub class_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "CustomProps")]
    pub custom_props: Option<Value>,
}

impl Category {
    /// A copy without the (possibly large) item list.
    pub fn clone_without_items(&self) -> Category {
        Category {
            label: self.label.clone(),
            items: Vec::new(),
            href: self.href.clone(),
            doc_id: self.doc_id.clone(),
            collapsed: self.collapsed,
            collapsible: self.collapsible,
            class_name: self.class_name.clone(),
            custom_props: self.custom_props.clone(),
            items_omitted: self.items_omitted,
        }
    }
}

impl SidebarItem {
    pub fn class_name(&self) -> Option<&str> {
        match self {
            SidebarItem::Category(c) => c.class_name.as_deref(),
            SidebarItem::Link(l) => l.class_name.as_deref(),
            SidebarItem::Html(h) => h.class_name.as_deref(),
        }
    }

    /// Not drawn when its className contains `hidden` (its page is still listed).
    pub fn is_hidden(&self) -> bool {
        self.class_name()
            .is_some_and(|c| c.split_whitespace().any(|w| w == "hidden"))
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, TS)]
#[serde(rename_all = "camelCase")]
pub struct VersionMeta {
    pub plugin_id: String,
    pub version: String,
    pub label: String,
    #[ts(type = "null | \"unreleased\" | \"unmaintained\"")]
    pub banner: Option<String>,
    pub badge: bool,
    pub no_index: bool,
    pub class_name: String,
    pub is_last: bool,
}

pub use crate::versions::{ExternalVersion, VersionEntry, VersionMenu};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NavbarItem {
    pub label: String,
    pub to: String,
    /// The sidebar whose pages make this item active.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sidebar: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct Footer {
    pub links: Vec<FooterLink>,
    pub copyright: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, TS)]
#[serde(deny_unknown_fields)]
pub struct FooterLink {
    pub label: String,
    pub href: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, TS)]
#[serde(deny_unknown_fields)]
pub struct Logo {
    pub src: String,
    pub alt: String,
}

/// Site-wide data: inlined in every page without `sidebars`, served whole as `/_site/site.json`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SiteData {
    pub title: String,
    pub tagline: String,
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub logo: Option<Logo>,
    /// Icon paths for the document head; the app does not need them.
    #[serde(skip)]
    #[ts(skip)]
    pub favicons: Vec<String>,
    pub navbar: Vec<NavbarItem>,
    pub footer: Footer,
    pub version: VersionMeta,
    /// The navbar's version menu; left out when the site has one version and no menu is set.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub version_menu: Option<VersionMenu>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub edit_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub repository_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sidebars: Option<BTreeMap<String, Vec<SidebarItem>>>,
}

/// One row of the catalogue.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
#[serde(rename_all = "camelCase")]
pub struct PageEntry {
    pub id: String,
    pub title: String,
    pub description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sidebar: Option<String>,
    pub unlisted: bool,
    pub route: String,
    /// The page's version, in a site with several.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub version: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, TS)]
pub struct TocItem {
    pub id: String,
    pub text: String,
    pub level: u8,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, TS)]
pub struct NavLink {
    pub title: String,
    pub href: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, TS)]
pub struct Crumb {
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub href: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, TS)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    pub label: String,
    pub href: String,
    pub description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub doc_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "CustomProps")]
    pub custom_props: Option<Value>,
}

/// What a card list's card carries besides the content HTML's label and description.
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
#[serde(rename_all = "camelCase")]
pub struct CardProps {
    pub href: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "CustomProps")]
    pub custom_props: Option<Value>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, TS)]
pub struct LastUpdated {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub author: Option<String>,
}

/// Everything the app needs to show one page. The data inlined in a page's HTML document gives
/// every field. A page JSON file (`/_site/pages/<route>.json`), fetched when the app navigates,
/// leaves out what the app derives (the `None`s below): the route (from the file's URL), the
/// twin's URL (from the route), breadcrumbs and previous/next when the page's sidebar file
/// gives the same (see the `derived_navigation` module), and its cards' labels and descriptions (in the
/// content HTML).
#[derive(Debug, Clone, Serialize, PartialEq, TS)]
#[serde(rename_all = "camelCase")]
pub struct PageData {
    pub id: String,
    /// Empty (left out) in a page JSON file.
    #[serde(skip_serializing_if = "String::is_empty")]
    #[ts(as = "Option<String>", optional)]
    pub route: String,
    pub title: String,
    /// The page's own `<title>` (an MDX `<head>` gives it): the whole document title, in
    /// place of "<title> | <site title>".
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub document_title: Option<String>,
    /// Left out when empty, as are the flags below when false: a page's JSON should carry
    /// little besides its content.
    #[serde(skip_serializing_if = "String::is_empty")]
    #[ts(as = "Option<String>", optional)]
    pub description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sidebar: Option<String>,
    /// The whole sidebar of the page as JSON (`/_site/sidebar.<hash>.json`): named by its
    /// content, so a browser keeps it for good and every page of the sidebar shares it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sidebar_url: Option<String>,
    #[serde(skip_serializing_if = "is_false")]
    #[ts(as = "Option<bool>", optional)]
    pub unlisted: bool,
    #[serde(skip_serializing_if = "is_false")]
    #[ts(as = "Option<bool>", optional)]
    pub no_index: bool,
    #[serde(skip_serializing_if = "is_false")]
    #[ts(as = "Option<bool>", optional)]
    pub hide_title: bool,
    #[serde(skip_serializing_if = "is_false")]
    #[ts(as = "Option<bool>", optional)]
    pub hide_table_of_contents: bool,
    /// `None` when inlined in the HTML document, which holds the content already.
    pub html: Option<String>,
    pub toc: Vec<TocItem>,
    /// `None` (left out): derive it from the sidebar file.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub breadcrumbs: Option<Vec<Crumb>>,
    /// `Some(None)` (`null`): no previous page; `None` (left out): derive it from the sidebar
    /// file.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub previous: Option<Option<NavLink>>,
    /// As `previous`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub next: Option<Option<NavLink>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub edit_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_updated: Option<LastUpdated>,
    /// The href and custom props of each card in the page's card list, only when one of them
    /// has custom props (a gallery's logos and filters): the content HTML shows the cards with
    /// their labels and descriptions already.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cards: Option<Vec<CardProps>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "CustomProps")]
    pub sidebar_custom_props: Option<Value>,
    /// The page's Markdown twin (`/a/b.md`), when it has one. Left out of a page JSON file,
    /// where every page has one, at its route + `.md` (`/index.md` for `/`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub markdown_url: Option<String>,
    /// In a site with several versions: the same page in each other version where it exists
    /// (version name → route), for the version menu and the banner of an older version.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub versions: Option<BTreeMap<String, String>>,
    /// Front matter `keywords`, for `<meta name="keywords">`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub keywords: Option<Vec<String>>,
    /// The absolute URL of the page's social card image (`og:image`), if it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub image: Option<String>,
}

impl PageData {
    /// The breadcrumbs given (none when left out).
    pub fn crumbs(&self) -> &[Crumb] {
        self.breadcrumbs.as_deref().unwrap_or_default()
    }

    /// The previous page given (none when left out).
    pub fn previous_link(&self) -> Option<&NavLink> {
        self.previous.as_ref().and_then(Option::as_ref)
    }

    /// The next page given (none when left out).
    pub fn next_link(&self) -> Option<&NavLink> {
        self.next.as_ref().and_then(Option::as_ref)
    }
}

fn is_false(b: &bool) -> bool {
    !b
}

/// The route of a doc id: `/` + id, with a trailing `index` dropped.
pub fn route_for_id(id: &str) -> String {
    let trimmed = if id == "index" {
        ""
    } else {
        id.strip_suffix("/index").unwrap_or(id)
    };
    format!("/{trimmed}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_drop_index() {
        assert_eq!(route_for_id("index"), "/");
        assert_eq!(route_for_id("guides/build/index"), "/guides/build");
        assert_eq!(
            route_for_id("guides/build/assets/defining-assets"),
            "/guides/build/assets/defining-assets"
        );
        assert_eq!(route_for_id("reindex"), "/reindex");
    }

    #[test]
    fn sidebar_items_serialise_in_theme_shape() {
        let item = SidebarItem::Link(Link {
            label: "A".into(),
            href: "/a".into(),
            doc_id: Some("a".into()),
            unlisted: false,
            class_name: Some("hidden".into()),
            custom_props: None,
        });
        assert!(item.is_hidden());
        let json = serde_json::to_value(&item).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"type": "link", "label": "A", "href": "/a", "docId": "a", "className": "hidden"})
        );
    }
}
