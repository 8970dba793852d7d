//! Link resolution (while rendering) and the link and anchor check (once everything is rendered).

use crate::load::SourcePage;
use crate::Page;
use docsite_core::{Diagnostic, Diagnostics};
use docsite_markdown::render::is_external;
use std::collections::{HashMap, HashSet};

/// Doc file path (under `docs/`) → route, for resolving `.md` links.
pub type FileRoutes = HashMap<String, String>;

pub fn file_routes(pages: &[std::sync::Arc<SourcePage>]) -> FileRoutes {
    pages
        .iter()
        .map(|p| (p.rel_path.clone(), p.route.clone()))
        .collect()
}

/// Turns a link as written into the href to emit: `.md` files become routes, relative routes
/// become absolute. A `.md` link to a missing file is left as written, for the check to report.
pub fn resolve(url: &str, page: &SourcePage, files: &FileRoutes) -> String {
    if is_external(url) || url.starts_with('#') || url.is_empty() {
        return url.to_string();
    }
    let (path, suffix) = match url.find(['#', '?']) {
        Some(i) => url.split_at(i),
        None => (url, ""),
    };
    if path.ends_with(".md") || path.ends_with(".mdx") {
        let target = if let Some(abs) = path.strip_prefix('/') {
            normalise(abs.strip_prefix("docs/").unwrap_or(abs))
        } else {
            normalise(&join(
                page.rel_path.rsplit_once('/').map_or("", |(d, _)| d),
                path,
            ))
        };
        return match files.get(&target) {
            Some(route) => format!("{route}{suffix}"),
            None => url.to_string(),
        };
    }
    if path.starts_with('/') {
        return format!("{}{suffix}", trim_slash(path));
    }
    // A relative route is relative to the page's URL, as a browser would read it.
    let base = page.route.rsplit_once('/').map_or("", |(d, _)| d);
    let absolute = format!("/{}", normalise(&join(base.trim_start_matches('/'), path)));
    format!("{}{suffix}", trim_slash(&absolute))
}

fn join(dir: &str, rel: &str) -> String {
    if dir.is_empty() {
        rel.to_string()
    } else {
        format!("{dir}/{rel}")
    }
}

/// Removes `.` and `..` segments.
fn normalise(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    parts.join("/")
}

fn trim_slash(path: &str) -> &str {
    match path.trim_end_matches('/') {
        "" => "/",
        p => p,
    }
}

/// Every internal link must reach a page (and its anchor) or a file of the output.
pub fn check(
    pages: &[Page],
    routes: &HashMap<String, usize>,
    other_files: &HashSet<String>,
    file_of: impl Fn(&Page) -> std::path::PathBuf,
) -> Diagnostics {
    let mut diags = Diagnostics::default();
    for page in pages {
        for link in &page.rendered.links {
            if let Some(problem) = problem(&link.href, page, pages, routes, other_files) {
                let line = link.line + page.src.body_line_offset;
                let mut d = Diagnostic::error(problem.0).in_file(file_of(page)).at(
                    &page.src.source,
                    line,
                    link.column,
                );
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
) -> Option<(String, Option<String>)> {
    let (path, anchor) = match href.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (href, None),
    };
    let path = path.split('?').next().unwrap_or(path);
    if path.is_empty() {
        return missing_anchor(page, anchor?, href);
    }
    if path.ends_with(".md") || path.ends_with(".mdx") {
        return Some((
            format!("broken link `{href}`: no such page file"),
            Some("a relative `.md` link is resolved from the page's own folder".into()),
        ));
    }
    if let Some(&target) = routes.get(trim_slash(path)) {
        return anchor.and_then(|a| missing_anchor(&pages[target], a, href));
    }
    if files.contains(path.trim_start_matches('/')) {
        return None;
    }
    Some((
        format!("broken link `{href}`: no page or file at `{path}`"),
        None,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn page(rel: &str, route: &str) -> SourcePage {
        SourcePage {
            id: rel.trim_end_matches(".md").into(),
            rel_path: rel.into(),
            source: String::new(),
            front_matter: Default::default(),
            body_line_offset: 0,
            route: route.into(),
            stamp: None,
        }
    }

    #[test]
    fn resolves_md_files_and_relative_routes() {
        let files: FileRoutes = [
            ("guides/a.md".to_string(), "/guides/a".to_string()),
            ("guides/sub/index.md".into(), "/guides/sub".into()),
        ]
        .into();
        let p = page("guides/b.md", "/guides/b");
        assert_eq!(resolve("./a.md#x", &p, &files), "/guides/a#x");
        assert_eq!(resolve("sub/index.md", &p, &files), "/guides/sub");
        assert_eq!(resolve("../guides/a.md", &p, &files), "/guides/a");
        assert_eq!(resolve("/guides/a.md", &p, &files), "/guides/a");
        assert_eq!(resolve("missing.md", &p, &files), "missing.md");
        assert_eq!(resolve("/guides/a/", &p, &files), "/guides/a");
        assert_eq!(resolve("sub#y", &p, &files), "/guides/sub#y");
        assert_eq!(
            resolve("https://x.io/a.md", &p, &files),
            "https://x.io/a.md"
        );
        assert_eq!(resolve("#top", &p, &files), "#top");
    }
}
