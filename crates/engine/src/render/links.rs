//! Link resolution while rendering: `.md` files and relative routes to the routes to emit.

use crate::load::paths::{join, normalise, trim_slash};
use crate::load::SourcePage;
use docsite_core::url::{route_url, url_route};
use docsite_markdown::is_external;
use std::collections::HashMap;

/// Doc file path (under `docs/`) → route, for resolving `.md` links.
pub type FileRoutes = HashMap<String, String>;

/// What a relative link can reach: pages by file, and files next to pages.
#[derive(Debug, Default)]
pub struct LinkTargets {
    pub files: FileRoutes,
    pub assets: crate::load::doc_assets::AssetUrls,
}

pub fn file_routes(pages: &[std::sync::Arc<SourcePage>]) -> FileRoutes {
    pages
        .iter()
        .map(|p| (p.rel_path.clone(), p.route.clone()))
        .collect()
}

/// Turns a link as written into the href to emit: `.md` files become routes (looked up from
/// the page's folder, then from the docs root, as Docusaurus does), files next to pages their
/// hashed URLs, relative routes absolute. A `.md` link to a missing file is left as written,
/// for the check to report. `route` is the page's route; `dir` is the folder under `docs/` the
/// link is written in: the page's, or an imported partial's.
pub fn resolve(url: &str, route: &str, dir: &str, targets: &LinkTargets) -> String {
    resolve_link(url, route, dir, targets).0
}

/// [`resolve`], and whether the link was a route relative to the page's (`../x`).
pub(crate) fn resolve_link(
    url: &str,
    route: &str,
    dir: &str,
    targets: &LinkTargets,
) -> (String, bool) {
    let files = &targets.files;
    if is_external(url) || url.starts_with('#') || url.is_empty() {
        return (url.to_string(), false);
    }
    let (path, suffix) = match url.find(['#', '?']) {
        Some(i) => url.split_at(i),
        None => (url, ""),
    };
    // Files are looked up by name: `q%3Fx.md` is the file `q?x.md`.
    let file_path = url_route(path);
    if file_path.ends_with(".md") || file_path.ends_with(".mdx") {
        let candidates = if let Some(abs) = file_path.strip_prefix('/') {
            vec![normalise(abs.strip_prefix("docs/").unwrap_or(abs))]
        } else {
            vec![normalise(&join(dir, &file_path)), normalise(&file_path)]
        };
        let href = match candidates.iter().find_map(|c| files.get(c)) {
            Some(route) => format!("{}{suffix}", route_url(route)),
            None => url.to_string(),
        };
        return (href, false);
    }
    if !path.starts_with('/') {
        let file = normalise(&join(dir, &file_path));
        if let Some(asset) = targets.assets.get(&file) {
            return (format!("{asset}{suffix}"), false);
        }
    }
    if path.starts_with('/') {
        return (format!("{}{suffix}", trim_slash(path)), false);
    }
    // A relative route is relative to the page's URL, as a browser would read it.
    let base = route.rsplit_once('/').map_or("", |(d, _)| d);
    let absolute = format!("/{}", normalise(&join(base.trim_start_matches('/'), path)));
    (format!("{}{suffix}", trim_slash(&absolute)), true)
}

/// The page's folder under `docs/`.
pub(crate) fn page_dir(page: &SourcePage) -> &str {
    file_dir(&page.rel_path)
}

/// The folder of a file path (`guides` for `guides/a.md`, `` for `a.md`).
pub(crate) fn file_dir(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(d, _)| d)
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
        let files = LinkTargets {
            files: [
                ("guides/a.md".to_string(), "/guides/a".to_string()),
                ("guides/sub/index.md".into(), "/guides/sub".into()),
                ("intro.md".into(), "/intro".into()),
            ]
            .into(),
            assets: [(
                "guides/img/a.png".to_string(),
                "/assets/images/a-1.png".to_string(),
            )]
            .into(),
        };
        let p = page("guides/b.md", "/guides/b");
        assert_eq!(
            resolve("./a.md#x", &p.route, page_dir(&p), &files),
            "/guides/a#x"
        );
        assert_eq!(
            resolve("sub/index.md", &p.route, page_dir(&p), &files),
            "/guides/sub"
        );
        assert_eq!(
            resolve("../guides/a.md", &p.route, page_dir(&p), &files),
            "/guides/a"
        );
        assert_eq!(
            resolve("/guides/a.md", &p.route, page_dir(&p), &files),
            "/guides/a"
        );
        assert_eq!(
            resolve("missing.md", &p.route, page_dir(&p), &files),
            "missing.md"
        );
        assert_eq!(
            resolve("/guides/a/", &p.route, page_dir(&p), &files),
            "/guides/a"
        );
        assert_eq!(
            resolve("sub#y", &p.route, page_dir(&p), &files),
            "/guides/sub#y"
        );
        assert_eq!(
            resolve("https://x.io/a.md", &p.route, page_dir(&p), &files),
            "https://x.io/a.md"
        );
        assert_eq!(resolve("#top", &p.route, page_dir(&p), &files), "#top");
        // Docusaurus looks a `.md` link up from the docs root when the page's folder lacks it.
        assert_eq!(
            resolve("intro.md", &p.route, page_dir(&p), &files),
            "/intro"
        );
        assert_eq!(
            resolve("guides/a.md", &p.route, page_dir(&p), &files),
            "/guides/a"
        );
        assert_eq!(
            resolve("./img/a.png", &p.route, page_dir(&p), &files),
            "/assets/images/a-1.png"
        );
    }
}
