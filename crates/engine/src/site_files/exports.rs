//! A Markdown twin of every page (`<route>.md`), for readers' tools; `llms.txt` and
//! `llms-full.txt` are made from the twins (see `llms`).
//!
//! The twins' bodies are written while rendering (`Rendered::markdown`, cached with the
//! render); here they get their title and card lists.

use crate::fingerprint::hash_of;
use crate::output::Output;
use crate::render::Page;
use crate::sidebars::navigation::{self, ReadingOrder};
use crate::sidebars::Sidebars;
use docsite_core::model::{Card, SiteData};
use docsite_markdown::{absolute_url, Rendered, TwinOptions, CARDS_MARKER};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

pub struct Exports<'a> {
    pub site: &'a SiteData,
    /// `llmsSummary` of site.yaml.
    pub summary: Option<&'a str>,
    pub pages: &'a [Page],
    pub by_id: &'a HashMap<String, usize>,
    pub sidebars: &'a Sidebars,
    /// Sidebar name → the URL of its file, named by its content.
    pub sidebar_urls: &'a HashMap<String, String>,
    pub orders: &'a HashMap<String, ReadingOrder>,
}

/// The output path of a page's twin: `/a/b` → `a/b.md`, `/` → `index.md`.
pub fn twin_path(route: &str) -> String {
    match route.trim_matches('/') {
        "" => "index.md".into(),
        r => format!("{r}.md"),
    }
}

/// The twin's URL path, as pages link it: `/a/b` → `/a/b.md`, encoded as every route is.
pub fn twin_href(route: &str) -> String {
    docsite_core::url::route_url(&format!("/{}", twin_path(route)))
}

/// The twins of the last build by route, with what each was made from, so a rebuild writes
/// again only the twins of pages that changed (and shares the others' bytes).
#[derive(Default)]
pub struct TwinCache {
    twins: HashMap<String, Arc<CachedTwin>>,
    /// [`cards_key`] when the twins were made.
    cards_key: u64,
}

struct CachedTwin {
    rendered: Arc<Rendered>,
    title: String,
    description: Option<String>,
    text: Arc<Vec<u8>>,
}

impl CachedTwin {
    /// The twin of `page` from `body`, its twin's body as rendered.
    fn new(page: &Page, body: &str, e: &Exports) -> Self {
        CachedTwin {
            rendered: page.rendered.clone(),
            title: page.title.clone(),
            description: page.src.front_matter.description.clone(),
            text: Arc::new(twin(page, body, e).into_bytes()),
        }
    }

    /// Whether this is still the page's twin: made from the same body (the same render, or
    /// the same text: a generated index is made again each build), title and description,
    /// and, if the page has a card list, while no card list can have changed.
    fn fits(&self, page: &Page, cards_unchanged: bool) -> bool {
        let same_body = Arc::ptr_eq(&self.rendered, &page.rendered)
            || self.rendered.markdown == page.rendered.markdown;
        same_body
            && self.title == page.title
            && self.description == page.src.front_matter.description
            && (cards_unchanged || !page.rendered.has_cards)
    }
}

/// A hash of everything card lists show: the site URL, the sidebars (by their content-named
/// files), and each page's id, route, description, sidebar and sidebar custom props. The same
/// hash means the same card list on every page.
fn cards_key(e: &Exports) -> u64 {
    let sidebars: BTreeMap<&String, &String> = e.sidebar_urls.iter().collect();
    let pages: Vec<_> = e
        .pages
        .iter()
        .map(|p| {
            let props = p.src.front_matter.sidebar_custom_props.as_ref();
            (
                &p.src.id,
                &p.src.route,
                &p.description,
                e.sidebars.page_sidebar.get(&p.src.id),
                props.map(|v| v.to_string()),
            )
        })
        .collect();
    hash_of((&e.site.url, sidebars, pages))
}

/// Adds every twin and returns them, in page order. A file of the same path that is already
/// in the output (from `static/`) is kept.
pub fn insert(output: &mut Output, e: &Exports, cache: &mut TwinCache) -> Vec<Arc<Vec<u8>>> {
    let cards_key = cards_key(e);
    let cards_unchanged = cards_key == cache.cards_key;
    let twins: Vec<Arc<CachedTwin>> = e
        .pages
        .par_iter()
        .map(|p| match cache.twins.get(&p.src.route) {
            Some(hit) if hit.fits(p, cards_unchanged) => hit.clone(),
            _ => {
                let body = p.rendered.markdown.as_deref().unwrap_or_default();
                Arc::new(CachedTwin::new(p, body, e))
            }
        })
        .collect();
    cache.cards_key = cards_key;
    cache.twins = e
        .pages
        .iter()
        .zip(&twins)
        .map(|(p, t)| (p.src.route.clone(), t.clone()))
        .collect();
    for (page, twin) in e.pages.iter().zip(&twins) {
        let path = twin_path(&page.src.route);
        if !output.files.contains_key(&path) {
            output.insert_shared(path, twin.text.clone());
        }
    }
    twins.iter().map(|t| t.text.clone()).collect()
}

/// The twins of a batch of a streamed build's pages, from the bodies taken out of their
/// renders (`None`: the body is in the render), as (path, bytes). No cache: no rebuild
/// follows.
pub(crate) fn batch_twins(
    e: &Exports,
    pages: &[Page],
    bodies: Vec<Option<String>>,
) -> Vec<(String, Vec<u8>)> {
    let mut bodies = bodies;
    bodies.resize(pages.len(), None);
    pages
        .par_iter()
        .zip(bodies)
        .map(|(p, taken)| {
            let body = taken.as_deref().or(p.rendered.markdown.as_deref());
            let text = twin(p, body.unwrap_or_default(), e).into_bytes();
            (twin_path(&p.src.route), text)
        })
        .collect()
}

fn twin_options<'a>(e: &'a Exports, page: &'a Page) -> TwinOptions<'a> {
    TwinOptions {
        site_url: &e.site.url,
        route: &page.src.route,
    }
}

/// `# Title`, the description the author wrote (a derived one would repeat the first
/// paragraph), then the body with its card lists filled in.
fn twin(page: &Page, body: &str, e: &Exports) -> String {
    // A title is one line: a newline in one would start a section of its own.
    let mut out = format!("# {}\n\n", one_line(&page.title));
    if let Some(d) = page.src.front_matter.description.as_deref() {
        if !d.trim().is_empty() {
            out.push_str(&format!("> {}\n\n", one_line(d)));
        }
    }
    if body.contains(CARDS_MARKER) {
        out.push_str(&body.replace(CARDS_MARKER, &card_list(page, e)));
    } else {
        out.push_str(body);
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out.push('\n');
    out
}

fn card_list(page: &Page, e: &Exports) -> String {
    let items = e
        .sidebars
        .page_sidebar
        .get(&page.src.id)
        .and_then(|s| e.sidebars.get(s))
        .unwrap_or_default();
    let cards: Vec<Card> =
        navigation::cards(items, &page.src.id, e.pages, e.by_id).unwrap_or_default();
    let twin = twin_options(e, page);
    cards
        .iter()
        .map(|c| list_line(&c.label, &absolute_url(&c.href, &twin), &c.description))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `- [title](url): description`
pub(crate) fn list_line(title: &str, url: &str, description: &str) -> String {
    let title = one_line(title).replace('[', "\\[").replace(']', "\\]");
    let description = one_line(description);
    if description.is_empty() {
        format!("- [{title}]({url})")
    } else {
        format!("- [{title}]({url}): {description}")
    }
}

pub(crate) fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twin_paths() {
        assert_eq!(twin_path("/"), "index.md");
        assert_eq!(twin_path("/guides/build"), "guides/build.md");
        assert_eq!(twin_href("/guides/build"), "/guides/build.md");
    }

    #[test]
    fn list_lines() {
        assert_eq!(
            list_line("A [b]\n## C", "https://x.io/a", " Two\n lines. "),
            "- [A \\[b\\] ## C](https://x.io/a): Two lines."
        );
        assert_eq!(
            list_line("A", "https://x.io/a", ""),
            "- [A](https://x.io/a)"
        );
    }
}
