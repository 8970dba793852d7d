//! A Markdown twin of every page (`<route>.md`), for readers' tools; `llms.txt` and
//! `llms-full.txt` are made from the twins (see `llms`).
//!
//! The twins' bodies are written while rendering (`Rendered::markdown`, cached with the
//! render); here they get their title and card lists.

use crate::navigation::{self, ReadingOrder};
use crate::output::Output;
use crate::pages::Page;
use crate::sidebars::Sidebars;
use docsite_core::model::{Card, SiteData};
use docsite_markdown::{absolute_url, Rendered, TwinOptions, CARDS_MARKER};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

pub struct Exports<'a> {
    pub site: &'a SiteData,
    /// `llmsSummary` of site.yaml.
    pub summary: Option<&'a str>,
    pub pages: &'a [Page],
    pub by_id: &'a HashMap<String, usize>,
    pub sidebars: &'a Sidebars,
    pub orders: &'a HashMap<String, ReadingOrder>,
}

/// The output path of a page's twin: `/a/b` → `a/b.md`, `/` → `index.md`.
pub fn twin_path(route: &str) -> String {
    match route.trim_matches('/') {
        "" => "index.md".into(),
        r => format!("{r}.md"),
    }
}

/// The twin's URL path, as pages link it: `/a/b` → `/a/b.md`.
pub fn twin_href(route: &str) -> String {
    format!("/{}", twin_path(route))
}

/// The twins of the last build by route, with what each was made from, so a rebuild writes
/// again only the twins of pages that changed (and shares the others' bytes).
#[derive(Default)]
pub struct TwinCache(HashMap<String, CachedTwin>);

struct CachedTwin {
    rendered: Arc<Rendered>,
    title: String,
    text: Arc<Vec<u8>>,
}

impl TwinCache {
    /// The last twin of a page, if it was made from the same render and title. Pages with card
    /// lists are always made again: their cards come from other pages.
    fn reusable(&self, page: &Page) -> Option<Arc<Vec<u8>>> {
        let hit = self.0.get(&page.src.route)?;
        let same = Arc::ptr_eq(&hit.rendered, &page.rendered)
            && hit.title == page.title
            && !page.rendered.has_cards;
        same.then(|| hit.text.clone())
    }

    fn keep(&mut self, pages: &[Page], twins: &[Arc<Vec<u8>>]) {
        self.0 = pages
            .iter()
            .zip(twins)
            .map(|(p, text)| {
                let twin = CachedTwin {
                    rendered: p.rendered.clone(),
                    title: p.title.clone(),
                    text: text.clone(),
                };
                (p.src.route.clone(), twin)
            })
            .collect();
    }
}

/// Adds every twin and returns them, in page order. A file of the same path that is already
/// in the output (from `static/`) is kept.
pub fn insert(output: &mut Output, e: &Exports, cache: &mut TwinCache) -> Vec<Arc<Vec<u8>>> {
    let twins: Vec<Arc<Vec<u8>>> = e
        .pages
        .par_iter()
        .map(|p| {
            cache
                .reusable(p)
                .unwrap_or_else(|| Arc::new(twin(p, e).into_bytes()))
        })
        .collect();
    cache.keep(e.pages, &twins);
    for (page, text) in e.pages.iter().zip(&twins) {
        let path = twin_path(&page.src.route);
        if !output.files.contains_key(&path) {
            output.insert_shared(path, text.clone());
        }
    }
    twins
}

fn twin_options<'a>(e: &'a Exports, page: &'a Page) -> TwinOptions<'a> {
    TwinOptions {
        site_url: &e.site.url,
        route: &page.src.route,
    }
}

/// `# Title`, the description the author wrote (a derived one would repeat the first
/// paragraph), then the body with its card lists filled in.
fn twin(page: &Page, e: &Exports) -> String {
    let mut out = format!("# {}\n\n", page.title);
    if let Some(d) = page.src.front_matter.description.as_deref() {
        if !d.trim().is_empty() {
            out.push_str(&format!("> {}\n\n", one_line(d)));
        }
    }
    let body = page.rendered.markdown.as_deref().unwrap_or_default();
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
    let title = title.replace('[', "\\[").replace(']', "\\]");
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
            list_line("A [b]", "https://x.io/a", " Two\n lines. "),
            "- [A \\[b\\]](https://x.io/a): Two lines."
        );
        assert_eq!(
            list_line("A", "https://x.io/a", ""),
            "- [A](https://x.io/a)"
        );
    }
}
