//! Page data: what the app and the HTML document know of a page (navigation, breadcrumbs,
//! cards, edit link), the site data, and the checks that need every page.

use crate::assemble::document;
use crate::load::SiteSources;
use crate::options::BuildOptions;
use crate::render::shared::SharedContent;
use crate::render::{page_file, Page};
use crate::sidebars::{self, navigation};
use crate::site_files::{catalogue, exports};
use docsite_core::derived_navigation::SidebarNavigation;
use docsite_core::model::{CardProps, LastUpdated, PageData, SiteData};
use docsite_core::url::route_url;
use docsite_core::{Diagnostic, Diagnostics};
use docsite_markdown::CARDS_MARKER;
use rayon::prelude::*;
use std::borrow::Cow;
use std::collections::HashMap;

pub(crate) fn site_data(sources: &SiteSources) -> Result<SiteData, Diagnostics> {
    let c = &sources.config;
    let version = sources.version.clone();
    let version_menu = sources.versions.as_ref().map(|v| v.menu.clone());
    Ok(SiteData {
        title: c.title.clone(),
        tagline: c.tagline.clone(),
        url: c.url.clone(),
        logo: c.logo.clone(),
        favicons: c.favicon.0.clone(),
        navbar: c.navbar.clone(),
        footer: c.footer.clone(),
        version,
        version_menu,
        edit_url: c.edit_url.clone(),
        repository_url: c.repository_url.clone(),
        sidebars: None,
    })
}

/// Reading orders and each sidebar's derived navigation (breadcrumbs), computed once per build
/// for every page.
pub(crate) struct Navigation<'a> {
    pub(crate) orders: &'a HashMap<String, navigation::ReadingOrder>,
    pub(crate) derived: &'a HashMap<&'a str, SidebarNavigation>,
    /// Sidebar name → the URL of its file.
    pub(crate) sidebar_urls: &'a HashMap<String, String>,
}

/// What every page's data is made from (see [`page_data`]).
pub(crate) struct DataMaker<'a> {
    pub(crate) sources: &'a SiteSources,
    pub(crate) sidebars: &'a sidebars::Sidebars,
    pub(crate) nav: Navigation<'a>,
    pub(crate) pages: &'a [Page],
    pub(crate) by_id: &'a HashMap<String, usize>,
    pub(crate) site: &'a SiteData,
}

impl DataMaker<'_> {
    /// A page's data and its content (`html`, card lists filled in).
    fn of<'h>(&self, page: &Page, html: &'h str) -> Result<(PageData, Cow<'h, str>), Diagnostic> {
        let DataMaker {
            sources,
            sidebars,
            pages,
            by_id,
            site,
            ..
        } = *self;
        page_data(page, html, sources, sidebars, &self.nav, pages, by_id, site)
    }

    /// The data of each of `pages`, from `html(i)`, the content HTML of `pages[i]`, and the
    /// errors of the pages that have none.
    pub(crate) fn many<'h>(
        &self,
        pages: &[Page],
        html: impl Fn(usize) -> &'h str + Sync,
    ) -> (Vec<(PageData, Cow<'h, str>)>, Diagnostics) {
        let results: Vec<_> = (0..pages.len())
            .into_par_iter()
            .map(|i| self.of(&pages[i], html(i)))
            .collect();
        let (mut data, mut errors) = (Vec::with_capacity(results.len()), Diagnostics::default());
        for result in results {
            match result {
                Ok(pair) => data.push(pair),
                Err(d) => errors.push(d),
            }
        }
        (data, errors)
    }
}

/// The page data of one page and its content HTML (`html`, the page's as rendered, with card
/// lists filled in).
#[allow(clippy::too_many_arguments)]
fn page_data<'a>(
    page: &Page,
    html: &'a str,
    sources: &SiteSources,
    sidebars: &sidebars::Sidebars,
    nav: &Navigation,
    pages: &[Page],
    by_id: &HashMap<String, usize>,
    site: &SiteData,
) -> Result<(PageData, Cow<'a, str>), Diagnostic> {
    let fm = &page.src.front_matter;
    let sidebar = sidebars.page_sidebar.get(&page.src.id).cloned();
    let items = sidebar
        .as_deref()
        .and_then(|s| sidebars.get(s))
        .unwrap_or_default();
    let (previous, next) =
        navigation::prev_next(page, sidebar.as_deref(), nav.orders, pages, by_id);
    let mut content = Cow::Borrowed(html);
    let mut cards = None;
    if page.rendered.has_cards {
        let Some(list) = navigation::cards(items, &page.src.id, pages, by_id) else {
            let line = page
                .src
                .source
                .lines()
                .position(|l| l.contains("<DocCardList"))
                .map_or(1, |i| i + 1);
            return Err(Diagnostic::error(
                "`<DocCardList />` needs a sidebar category around this page",
            )
            .in_file(page_file(sources, &page.src))
            .at(&page.src.source, line, 1)
            .with_hint("link the page from a category, or list its pages by hand"));
        };
        content = Cow::Owned(content.replace(CARDS_MARKER, &catalogue::cards_html(&list)));
        // The content shows the cards already; the data adds their custom props when one has
        // some (a gallery's logos and filters).
        if list.iter().any(|c| c.custom_props.is_some()) {
            cards = Some(
                list.into_iter()
                    .map(|c| CardProps {
                        href: c.href,
                        custom_props: c.custom_props,
                    })
                    .collect(),
            );
        }
    }
    let image = fm
        .image
        .as_deref()
        .map(|i| crate::load::paths::image_url(i, &sources.config.url, &sources.static_files))
        .transpose()
        .map_err(|message| {
            let line = page
                .src
                .source
                .lines()
                .position(|l| l.starts_with("image:"))
                .map_or(1, |i| i + 1);
            Diagnostic::error(message)
                .in_file(page_file(sources, &page.src))
                .at(&page.src.source, line, 1)
                .with_hint("name a file under static/ (`/img/card.png`) or an https URL")
        })?;
    let data = PageData {
        id: page.src.id.clone(),
        route: page.src.route.clone(),
        title: page.title.clone(),
        document_title: super::page_head::title(&page.rendered.head),
        description: page.description.clone(),
        sidebar_url: sidebar
            .as_deref()
            .and_then(|s| nav.sidebar_urls.get(s))
            .cloned(),
        sidebar: sidebar.clone(),
        unlisted: fm.unlisted,
        no_index: fm.unlisted || site.version.no_index,
        hide_title: fm.hide_title,
        hide_table_of_contents: fm.hide_table_of_contents,
        // Filled in when the page JSON is written; kept apart so unchanged pages compare cheaply.
        html: None,
        toc: page.rendered.toc.clone(),
        breadcrumbs: Some(
            sidebar
                .as_deref()
                .and_then(|s| nav.derived.get(s))
                .map(|d| d.breadcrumbs(&page.src.id))
                .unwrap_or_default(),
        ),
        previous: Some(previous),
        next: Some(next),
        edit_url: sources
            .config
            .edit_url
            .as_ref()
            .filter(|_| !page.src.is_generated())
            .map(|u| edit_url(u, &sources.docs_dir, &page.src.rel_path)),
        last_updated: fm.last_update.as_ref().map(|l| LastUpdated {
            date: l.date.clone(),
            author: l.author.clone(),
        }),
        cards,
        sidebar_custom_props: fm.sidebar_custom_props.clone(),
        markdown_url: Some(exports::twin_href(&page.src.route)),
        keywords: (!fm.keywords.is_empty()).then(|| fm.keywords.clone()),
        image,
        versions: sources
            .versions
            .as_ref()
            .and_then(|v| v.page_versions(&sources.version.version, &page.src.id)),
    };
    Ok((data, content))
}

/// A page's "Edit this page" link: `editUrl` names the current docs folder (it ends with
/// `docs/`), so a versioned page's link names its version's folder in its place.
fn edit_url(prefix: &str, docs_dir: &str, rel_path: &str) -> String {
    let file = route_url(rel_path);
    match prefix.strip_suffix("docs/") {
        Some(site) if docs_dir != "docs" => format!("{site}{}/{file}", route_url(docs_dir)),
        _ => format!("{prefix}{file}"),
    }
}

/// The page JSON file of a page: its data with the content HTML, less what the app derives
/// (see [`PageData`]): the route, the twin's URL, and breadcrumbs and previous/next where
/// `sidebar` (the page's whole sidebar) gives the same. `shared` is the shared render the
/// content is a version's copy of, which has it escaped for JSON already.
pub(crate) fn page_json(
    data: &PageData,
    content: &str,
    shared: Option<&SharedContent>,
    sidebar: Option<&SidebarNavigation>,
) -> Vec<u8> {
    // Without a sidebar the app derives no navigation at all.
    let derived = sidebar.map(|s| s.of(&data.id)).unwrap_or_default();
    let json = PageData {
        route: String::new(),
        // Put in below, escaped by `json_string` rather than by serde_json.
        html: None,
        markdown_url: data
            .markdown_url
            .clone()
            .filter(|u| *u != exports::twin_href(&data.route)),
        breadcrumbs: data
            .breadcrumbs
            .clone()
            .filter(|b| *b != derived.breadcrumbs),
        previous: data.previous.clone().filter(|p| *p != derived.previous),
        next: data.next.clone().filter(|n| *n != derived.next),
        ..data.clone()
    };
    let without = serde_json::to_vec(&json).unwrap_or_default();
    with_html(&without, content, shared).unwrap_or_else(|| {
        let json = PageData {
            html: Some(content.to_string()),
            ..json
        };
        serde_json::to_vec(&json).unwrap_or_default()
    })
}

/// The page JSON with its `html` (serialised as `null`) set to the content; `None` if it has
/// no such field. The first `,"html":null` is the field's: the fields before it are strings
/// and flags, and a string's quotes are escaped.
fn with_html(json: &[u8], content: &str, shared: Option<&SharedContent>) -> Option<Vec<u8>> {
    const EMPTY: &[u8] = b",\"html\":null";
    let at = memchr::memmem::find(json, EMPTY)?;
    let mut out = Vec::with_capacity(json.len() + content.len() + content.len() / 8 + 16);
    out.extend_from_slice(&json[..at]);
    out.extend_from_slice(b",\"html\":");
    match shared {
        Some(shared) => shared.push_json(&mut out),
        None => crate::json_string::push_json_string(&mut out, content),
    }
    out.extend_from_slice(&json[at + EMPTY.len()..]);
    Some(out)
}

pub(crate) fn pagination_errors(
    sources: &SiteSources,
    pages: &[Page],
    by_id: &HashMap<String, usize>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for page in pages {
        let fm = &page.src.front_matter;
        for (key, value) in [
            ("pagination_next", &fm.pagination_next),
            ("pagination_prev", &fm.pagination_prev),
        ] {
            if let Some(Some(id)) = value {
                if !by_id.contains_key(id) {
                    let line = page
                        .src
                        .source
                        .lines()
                        .position(|l| l.starts_with(key))
                        .map_or(1, |i| i + 1);
                    out.push(
                        Diagnostic::error(format!("`{key}` names a missing doc `{id}`"))
                            .in_file(page_file(sources, &page.src))
                            .at(&page.src.source, line, 1),
                    );
                }
            }
        }
    }
    out
}

pub(crate) fn not_found_page(site: &SiteData, options: &BuildOptions) -> String {
    let content = "<p>We could not find the page you asked for. It may have moved, or the link may be mistyped.</p>\n<p><a href=\"/\">Go to the home page</a></p>\n";
    let page = PageData {
        id: "404".into(),
        route: "/404".into(),
        title: "Page not found".into(),
        document_title: None,
        description: "The page you asked for does not exist.".into(),
        sidebar: None,
        sidebar_url: None,
        unlisted: false,
        no_index: true,
        hide_title: false,
        hide_table_of_contents: true,
        html: None,
        toc: Vec::new(),
        breadcrumbs: Some(Vec::new()),
        previous: Some(None),
        next: Some(None),
        edit_url: None,
        last_updated: None,
        cards: None,
        sidebar_custom_props: None,
        markdown_url: None,
        keywords: None,
        image: None,
        versions: None,
    };
    document::render(&document::DocumentInput {
        site,
        site_json: &document::site_json(site),
        page: &page,
        content,
        sidebar: None,
        frontend: &options.frontend,
        live_reload: options.live_reload,
        head: &[],
    })
}

#[cfg(test)]
mod tests {
    use super::with_html;
    use docsite_core::model::{Crumb, PageData};

    #[test]
    fn the_content_goes_where_serde_json_puts_html() {
        let data = PageData {
            id: "guides/a\",\"html\":null".into(),
            route: String::new(),
            title: "A \"quoted\" title".into(),
            document_title: None,
            description: ",\"html\":null".into(),
            sidebar: Some("docs".into()),
            sidebar_url: None,
            unlisted: false,
            no_index: true,
            hide_title: false,
            hide_table_of_contents: false,
            html: None,
            toc: Vec::new(),
            breadcrumbs: Some(vec![Crumb {
                href: Some("/guides".into()),
                label: "Guides".into(),
            }]),
            previous: None,
            next: None,
            edit_url: Some("https://example.com/edit".into()),
            last_updated: None,
            cards: None,
            sidebar_custom_props: None,
            markdown_url: None,
            versions: None,
            keywords: None,
            image: None,
        };
        let content = "<p class=\"x\">a \\ b</p>\n<pre>\tcode\u{1}</pre>";
        let expected = serde_json::to_vec(&PageData {
            html: Some(content.into()),
            ..data.clone()
        })
        .unwrap();
        let json = serde_json::to_vec(&data).unwrap();
        assert_eq!(with_html(&json, content, None), Some(expected));
        assert_eq!(with_html(b"{\"id\":\"a\"}", content, None), None);
    }
}
