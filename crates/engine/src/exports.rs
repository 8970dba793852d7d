//! Files for readers' tools: a Markdown twin of every page (`<route>.md`), `llms.txt` (the
//! listed pages by sidebar, as links) and `llms-full.txt` (the twins of the listed pages in
//! one file).
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

pub const LLMS_TXT: &str = "llms.txt";
pub const LLMS_FULL_TXT: &str = "llms-full.txt";
/// The files this stage adds besides the twins, for the link check.
pub const FILES: [&str; 2] = [LLMS_TXT, LLMS_FULL_TXT];

/// The section of `llms.txt` for pages in no sidebar.
const OTHER_PAGES: &str = "Other pages";

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

/// Adds every twin, `llms.txt` and `llms-full.txt`. A file of the same path that is already in
/// the output (from `static/`) is kept: a team may write its own `llms.txt`.
pub fn insert(output: &mut Output, e: &Exports, cache: &mut TwinCache) {
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
    let sections = sections(e);
    let llms = [
        (LLMS_TXT.to_string(), llms_txt(e, &sections)),
        (
            LLMS_FULL_TXT.to_string(),
            llms_full_txt(e, &sections, &twins),
        ),
    ];
    let files = llms
        .into_iter()
        .map(|(path, text)| (path, Arc::new(text.into_bytes())))
        .chain(
            e.pages
                .iter()
                .zip(twins)
                .map(|(p, text)| (twin_path(&p.src.route), text)),
        );
    for (path, bytes) in files {
        if !output.files.contains_key(&path) {
            output.insert_shared(path, bytes);
        }
    }
}

fn twin_options<'a>(e: &'a Exports, page: &'a Page) -> TwinOptions<'a> {
    TwinOptions {
        site_url: &e.site.url,
        route: &page.src.route,
    }
}

fn page_url(e: &Exports, page: &Page) -> String {
    absolute_url(
        &crate::route_check::url_path(&page.src.route),
        &twin_options(e, page),
    )
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
fn list_line(title: &str, url: &str, description: &str) -> String {
    let title = title.replace('[', "\\[").replace(']', "\\]");
    let description = one_line(description);
    if description.is_empty() {
        format!("- [{title}]({url})")
    } else {
        format!("- [{title}]({url}): {description}")
    }
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The listed pages by section: one per sidebar, in navbar order (then any sidebar the navbar
/// does not name, under its own name), each page once, in its own sidebar, in reading order;
/// then the listed pages of no sidebar.
fn sections<'a>(e: &'a Exports) -> Vec<(String, Vec<&'a Page>)> {
    let mut names: Vec<(String, &str)> = Vec::new();
    for item in &e.site.navbar {
        if let Some(s) = item.sidebar.as_deref() {
            if !names.iter().any(|(_, n)| *n == s) {
                names.push((item.label.clone(), s));
            }
        }
    }
    for (name, _) in &e.sidebars.items {
        if !names.iter().any(|(_, n)| n == name) {
            names.push((name.clone(), name));
        }
    }
    let mut sections: Vec<(String, Vec<&Page>)> = names
        .into_iter()
        .map(|(label, name)| {
            let pages = e
                .orders
                .get(name)
                .map(|o| o.order.as_slice())
                .unwrap_or_default()
                .iter()
                .filter(|id| e.sidebars.page_sidebar.get(*id).map(String::as_str) == Some(name))
                .filter_map(|id| e.by_id.get(id).map(|&i| &e.pages[i]))
                .collect();
            (label, pages)
        })
        .collect();
    let others = e
        .pages
        .iter()
        .filter(|p| !p.src.front_matter.unlisted)
        .filter(|p| !e.sidebars.page_sidebar.contains_key(&p.src.id))
        .collect();
    sections.push((OTHER_PAGES.to_string(), others));
    sections.retain(|(_, pages)| !pages.is_empty());
    sections
}

/// `# Title` and the summary quote that open both files.
fn header(e: &Exports) -> String {
    let summary = [e.site.tagline.as_str(), e.summary.unwrap_or_default()]
        .iter()
        .map(|s| one_line(s))
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let mut out = format!("# {}\n\n", e.site.title);
    if !summary.is_empty() {
        out.push_str(&format!("> {summary}\n\n"));
    }
    out
}

fn llms_txt(e: &Exports, sections: &[(String, Vec<&Page>)]) -> String {
    let base = e.site.url.trim_end_matches('/');
    let mut out = header(e);
    out.push_str(&format!(
        "Every page is also served as Markdown at its URL followed by `.md` ({base}/index.md for the home page), and {base}/{LLMS_FULL_TXT} holds all the pages below in one file.\n"
    ));
    for (label, pages) in sections {
        out.push_str(&format!("\n## {label}\n\n"));
        for page in pages {
            out.push_str(&list_line(
                &page.title,
                &page_url(e, page),
                &page.description,
            ));
            out.push('\n');
        }
    }
    out
}

/// Each page's twin after a short block naming its URL.
fn llms_full_txt(e: &Exports, sections: &[(String, Vec<&Page>)], twins: &[Arc<Vec<u8>>]) -> String {
    let listed: Vec<(&Page, &[u8])> = sections
        .iter()
        .flat_map(|(_, pages)| pages)
        .filter_map(|page| Some((*page, twins.get(*e.by_id.get(&page.src.id)?)?.as_slice())))
        .collect();
    // Written piece by piece into one buffer: on a large site this file is megabytes.
    let mut out = header(e);
    out.reserve(listed.iter().map(|(_, t)| t.len() + 100).sum());
    for (page, text) in listed {
        out.push_str("---\nurl: ");
        out.push_str(&page_url(e, page));
        out.push_str("\n---\n\n");
        out.push_str(std::str::from_utf8(text).unwrap_or_default());
        out.push('\n');
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out.push('\n');
    out
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
