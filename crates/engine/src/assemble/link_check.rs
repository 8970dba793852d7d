//! The link check: every internal link must reach a page (and its anchor) or a file of the output.

use crate::load::paths::trim_slash;
use crate::load::SourcePage;
use crate::render::Page;
use docsite_core::config::{CheckLevel, SiteConfig};
use docsite_core::{Diagnostic, Diagnostics};
use docsite_markdown::Rendered;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// What kind of check a problem fails, for the site's `onBroken…` settings.
enum Kind {
    Link,
    Anchor,
    MarkdownLink,
}

/// The last check's problems per page, with what they were found from. Checking every link
/// of every page took about a millisecond of each rebuild on the bundled site.
#[derive(Default)]
pub struct LinkCheckCache {
    /// In page order.
    pages: Vec<CheckedPage>,
    files: HashSet<String>,
    levels: Option<[CheckLevel; 3]>,
}

struct CheckedPage {
    src: Arc<SourcePage>,
    rendered: Arc<Rendered>,
    problems: Vec<Diagnostic>,
}

impl LinkCheckCache {
    /// Whether every link would lead where it did: the same pages at the same routes with the
    /// same anchors, the same other files, the same settings.
    fn same_targets(&self, pages: &[Page], files: &HashSet<String>, config: &SiteConfig) -> bool {
        self.levels == Some(levels(config))
            && self.files == *files
            && self.pages.len() == pages.len()
            && self.pages.iter().zip(pages).all(|(c, p)| {
                c.src.route == p.src.route
                    && (Arc::ptr_eq(&c.rendered, &p.rendered)
                        || c.rendered.anchors == p.rendered.anchors)
            })
    }
}

fn levels(config: &SiteConfig) -> [CheckLevel; 3] {
    [
        config.on_broken_links,
        config.on_broken_anchors,
        config.on_broken_markdown_links,
    ]
}

/// Every internal link must reach a page (and its anchor) or a file of the output. Each
/// problem is an error, a warning or nothing, as the site's `onBroken…` settings say. A page
/// whose source and render are those of the last check keeps its problems while the links'
/// targets are unchanged.
pub fn check(
    pages: &[Page],
    routes: &HashMap<String, usize>,
    other_files: &HashSet<String>,
    config: &SiteConfig,
    file_of: impl Fn(&Page) -> std::path::PathBuf,
    cache: &mut LinkCheckCache,
) -> Diagnostics {
    let reusable = cache.same_targets(pages, other_files, config);
    let checked: Vec<CheckedPage> = pages
        .iter()
        .enumerate()
        .map(|(i, page)| {
            let last = cache.pages.get(i).filter(|c| {
                reusable
                    && Arc::ptr_eq(&c.src, &page.src)
                    && Arc::ptr_eq(&c.rendered, &page.rendered)
            });
            CheckedPage {
                src: page.src.clone(),
                rendered: page.rendered.clone(),
                problems: match last {
                    Some(c) => c.problems.clone(),
                    None => page_problems(page, pages, routes, other_files, config, &file_of),
                },
            }
        })
        .collect();
    cache.pages = checked;
    if cache.files != *other_files {
        cache.files = other_files.clone();
    }
    cache.levels = Some(levels(config));
    Diagnostics(
        cache
            .pages
            .iter()
            .flat_map(|c| c.problems.clone())
            .collect(),
    )
}

fn page_problems(
    page: &Page,
    pages: &[Page],
    routes: &HashMap<String, usize>,
    other_files: &HashSet<String>,
    config: &SiteConfig,
    file_of: impl Fn(&Page) -> std::path::PathBuf,
) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    for link in &page.rendered.links {
        if let Some((kind, problem)) = problem(&link.href, page, pages, routes, other_files) {
            let level = match kind {
                Kind::Link => config.on_broken_links,
                Kind::Anchor => config.on_broken_anchors,
                Kind::MarkdownLink => config.on_broken_markdown_links,
            };
            let new = match level {
                CheckLevel::Throw => Diagnostic::error,
                CheckLevel::Warn => Diagnostic::warning,
                CheckLevel::Ignore => continue,
            };
            let line = link.line + page.src.body_line_offset;
            let mut d =
                new(problem.0)
                    .in_file(file_of(page))
                    .at(&page.src.source, line, link.column);
            if let Some(h) = problem.1 {
                d = d.with_hint(h);
            }
            diags.push(d);
        }
    }
    diags
}

fn problem(
    href: &str,
    page: &Page,
    pages: &[Page],
    routes: &HashMap<String, usize>,
    files: &HashSet<String>,
) -> Option<(Kind, (String, Option<String>))> {
    let (path, anchor) = match href.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (href, None),
    };
    let path = path.split('?').next().unwrap_or(path);
    if path.is_empty() {
        return missing_anchor(page, anchor?, href).map(|p| (Kind::Anchor, p));
    }
    if path.ends_with(".md") || path.ends_with(".mdx") {
        return Some((
            Kind::MarkdownLink,
            (
                format!("broken link `{href}`: no such page file"),
                Some("a relative `.md` link is looked up from the folder of the file holding it (the page, or an imported partial), then from docs/".into()),
            ),
        ));
    }
    // The href is a URL; routes and files are named as they are (`/q%3Fx` is the route `/q?x`).
    let decoded = docsite_core::url::url_route(path);
    let path = decoded.as_str();
    if let Some(&target) = routes.get(trim_slash(path)) {
        return anchor
            .and_then(|a| missing_anchor(&pages[target], a, href))
            .map(|p| (Kind::Anchor, p));
    }
    if files.contains(path.trim_start_matches('/')) || files.contains(path.trim_matches('/')) {
        return None;
    }
    Some((
        Kind::Link,
        (
            format!("broken link `{href}`: no page or file at `{path}`"),
            None,
        ),
    ))
}

fn missing_anchor(target: &Page, anchor: &str, href: &str) -> Option<(String, Option<String>)> {
    if anchor.is_empty() || target.rendered.anchors.iter().any(|a| a == anchor) {
        return None;
    }
    let known: Vec<&str> = target
        .rendered
        .anchors
        .iter()
        .map(String::as_str)
        .take(8)
        .collect();
    Some((
        format!(
            "broken anchor `{href}`: `{}` has no heading with id `{anchor}`",
            target.src.route
        ),
        Some(if known.is_empty() {
            "that page has no headings".into()
        } else {
            format!("its ids include: {}", known.join(", "))
        }),
    ))
}
