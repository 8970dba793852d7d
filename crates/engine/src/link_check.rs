//! The link check: every internal link must reach a page (and its anchor) or a file of the output.

use crate::pages::Page;
use crate::paths::trim_slash;
use docsite_core::config::{CheckLevel, SiteConfig};
use docsite_core::{Diagnostic, Diagnostics};
use std::collections::{HashMap, HashSet};

/// What kind of check a problem fails, for the site's `onBroken…` settings.
enum Kind {
    Link,
    Anchor,
    MarkdownLink,
}

/// Every internal link must reach a page (and its anchor) or a file of the output. Each
/// problem is an error, a warning or nothing, as the site's `onBroken…` settings say.
pub fn check(
    pages: &[Page],
    routes: &HashMap<String, usize>,
    other_files: &HashSet<String>,
    config: &SiteConfig,
    file_of: impl Fn(&Page) -> std::path::PathBuf,
) -> Diagnostics {
    let mut diags = Diagnostics::default();
    for page in pages {
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
    if let Some(&target) = routes.get(trim_slash(path)) {
        return anchor
            .and_then(|a| missing_anchor(&pages[target], a, href))
            .map(|p| (Kind::Anchor, p));
    }
    if files.contains(path.trim_start_matches('/')) {
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
