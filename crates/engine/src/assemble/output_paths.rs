//! A page is written as three files (`a/b/index.html`, `_site/pages/a/b.json`, the twin
//! `a/b.md`), so its route must leave room for them: none may be another file of the output,
//! and none may sit in a folder that is a file (`/x.md/y` beside the twin of `/x`, `/img/a.png/y`
//! beside a static file). Caught here, before anything is written, as an error at the front
//! matter line that made the route; writing would otherwise fail on "Is a directory" or one
//! file would silently replace the other.

use crate::load::route_check::{front_matter_line, ENGINE_FILES};
use crate::load::SiteSources;
use crate::output::{html_path, json_path};
use crate::render::{page_file, Page};
use crate::site_files::exports::twin_path;
use docsite_core::Diagnostic;
use std::collections::{BTreeMap, HashSet};

/// Who writes a path of the output.
#[derive(Clone, Copy)]
enum Owner<'a> {
    Page(&'a Page),
    /// Any other file: static, next to pages, the built app's.
    File,
    Engine,
}

/// Every page whose output files meet another file of the output, as an error at the page.
/// `files` are the output's files besides the pages' (static files, files next to pages, the
/// built app); the engine's own files are added here, with `more_engine_files` (the parts of a
/// large sitemap). Each version of a versioned site checks its pages' 1,500-odd paths, on one
/// thread: what names an owner in a message is only made for a conflict.
pub(crate) fn conflicts<'a>(
    sources: &SiteSources,
    pages: &'a [Page],
    files: impl Iterator<Item = &'a String>,
    more_engine_files: &[String],
) -> Vec<Diagnostic> {
    let mut owners: BTreeMap<String, Owner> = BTreeMap::new();
    for path in files {
        owners.insert(path.clone(), Owner::File);
    }
    let engine_files = ENGINE_FILES.iter().copied();
    for name in engine_files.chain(more_engine_files.iter().map(String::as_str)) {
        owners.entry(name.to_string()).or_insert(Owner::Engine);
    }
    let what = |path: &str, owner: Owner| match owner {
        Owner::Page(page) => format!("`{path}` of the page at `{}`", page.src.route),
        Owner::File => described(sources, path),
        Owner::Engine => format!("the engine's `{path}`"),
    };
    let mut problems: Vec<(&Page, String)> = Vec::new();
    for page in pages {
        for path in page_paths(&page.src.route) {
            if let Some(&other) = owners.get(&path) {
                let (this, that) = (what(&path, Owner::Page(page)), what(&path, other));
                let message = format!("{this} is also {that}; one would overwrite the other");
                problems.extend(at_fault(Owner::Page(page), other).map(|p| (p, message)));
            } else {
                owners.insert(path, Owner::Page(page));
            }
        }
    }
    // A path whose folder is a file: `a.md/index.html` under the twin `a.md`.
    for (path, owner) in &owners {
        for folder in folders(path) {
            if let Some(file_owner) = owners.get(folder) {
                let (this, file) = (what(path, *owner), what(folder, *file_owner));
                let message = format!("{this} would need a folder where {file} is a file");
                problems.extend(at_fault(*owner, *file_owner).map(|p| (p, message)));
            }
        }
    }
    report(sources, problems)
}

/// The output files of a route.
fn page_paths(route: &str) -> [String; 3] {
    [html_path(route), json_path(route), twin_path(route)]
}

/// How a file other than a page's is named in a message.
fn described(sources: &SiteSources, path: &str) -> String {
    if sources.static_files.contains_key(path) {
        format!("`static/{path}`")
    } else {
        format!("the file `{path}`")
    }
}

/// `a/b/c` → `a`, `a/b`.
fn folders(path: &str) -> impl Iterator<Item = &str> {
    path.match_indices('/').map(move |(i, _)| &path[..i])
}

/// The page to blame where two owners meet: a page written by hand before a generated index
/// page (whose route the engine chose), the path's owner before the folder's.
fn at_fault<'a>(first: Owner<'a>, second: Owner<'a>) -> Option<&'a Page> {
    let authored = |o: Owner<'a>| match o {
        Owner::Page(p) if !p.src.is_generated() => Some(p),
        _ => None,
    };
    let any = |o: Owner<'a>| match o {
        Owner::Page(p) => Some(p),
        Owner::File | Owner::Engine => None,
    };
    authored(first)
        .or(authored(second))
        .or(any(first))
        .or(any(second))
}

/// One error per page, at the front matter line that made its route.
fn report(sources: &SiteSources, problems: Vec<(&Page, String)>) -> Vec<Diagnostic> {
    let mut seen = HashSet::new();
    problems
        .into_iter()
        .filter(|(page, _)| seen.insert(page.src.route.clone()))
        .map(|(page, message)| {
            let src = &page.src;
            let has_slug = src.front_matter.slug.is_some();
            let line = front_matter_line(&src.source, src.body_line_offset, has_slug);
            Diagnostic::error(message)
                .in_file(page_file(sources, src))
                .at(&src.source, line, 1)
                .with_hint("give the page another slug, or rename or move the other file")
        })
        .collect()
}
