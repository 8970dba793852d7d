//! One output from the outputs of every version. A version's pages, page data, twins and
//! sidebar files have paths of their own (its routes); files every version makes alike (the
//! app, static files, hashed assets) are kept once; the site-wide files come from the last
//! version (404 page, headers, redirects) or are made again from all versions (`sitemap.xml`,
//! `robots.txt`, `_site/catalogue.json`); and the files each version makes of its own
//! (`_site/site.json`, its API inventories, `llms.txt`) move, for every version but the last,
//! to `_site/versions/<name>/` and the version's route base. The search index is made once
//! for all versions, after the merge (`search/versioned.rs`).
//!
//! `docsite build` does not hold every version's output for the merge: each version's files
//! go to the writer as soon as it is built ([`stream_part`], `output/stream.rs`), which checks
//! that versions making one path make it alike, and the merge makes only the whole-site files.

use crate::output::{Output, Stream};
use crate::site_files::sitemap;
use crate::Built;
use docsite_core::model::PageEntry;
use docsite_core::{Diagnostic, Diagnostics};
use std::sync::Arc;

/// One version's build, with what the merge needs to know of it.
pub(crate) struct VersionBuilt {
    pub version: String,
    pub is_last: bool,
    /// Its route base (`/docs/next`).
    pub base: String,
    pub no_index: bool,
    pub built: Built,
}

/// Files of the last version that stand for the whole site.
const SITE_WIDE: [&str; 4] = ["404.html", "_headers", "_redirects", "nginx-redirects.conf"];

/// Where a version other than the last keeps a file it makes of its own; `None` for a file
/// whose path is already its own (a page) or that every version shares.
pub fn moved_path(path: &str, version: &str, base: &str) -> Option<String> {
    let folder = || format!("_site/versions/{version}");
    match path {
        "_site/site.json" => Some(format!("{}/site.json", folder())),
        "llms.txt" | "llms-full.txt" => Some(match base.trim_matches('/') {
            "" => path.to_string(),
            b => format!("{b}/{path}"),
        }),
        _ => {
            let rest = path.strip_prefix("_site/api/")?;
            Some(format!("{}/api/{rest}", folder()))
        }
    }
}

/// The whole-site files a merge made, with what they were made from: a rebuild whose
/// catalogue is the same (an edit to a page's text) takes them as they are.
pub(crate) struct SiteFiles {
    catalogue: Vec<PageEntry>,
    no_index: Vec<bool>,
    site_url: String,
    files: Vec<(String, Arc<Vec<u8>>)>,
}

pub(crate) fn merge(
    parts: Vec<VersionBuilt>,
    site_url: &str,
    last_site_files: &mut Option<SiteFiles>,
) -> Result<Built, Diagnostics> {
    // Every file with the version that made it, sorted by path: equal paths come together,
    // and the map is built from sorted entries in one pass (inserting 38,000 files of ten
    // versions one by one was most of a rebuild's merge).
    let mut files: Vec<(String, &Arc<Vec<u8>>, usize)> = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        for (path, bytes) in &part.built.output.files {
            if let Some(path) = merged_path(path, part) {
                files.push((path, bytes, i));
            }
        }
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    let mut conflicts = Vec::new();
    let mut output = Output {
        files: dedup(files, &parts, &mut conflicts)
            .into_iter()
            .map(|(path, bytes)| (path, bytes.clone()))
            .collect(),
    };
    if !conflicts.is_empty() {
        return Err(Diagnostics(conflicts));
    }
    let mut catalogue = Vec::new();
    let mut indexed: Vec<PageEntry> = Vec::new();
    for part in &parts {
        for entry in &part.built.catalogue {
            let entry = PageEntry {
                version: Some(part.version.clone()),
                ..entry.clone()
            };
            if !part.no_index {
                indexed.push(entry.clone());
            }
            catalogue.push(entry);
        }
    }
    let no_index: Vec<bool> = parts.iter().map(|p| p.no_index).collect();
    let files = match last_site_files.take() {
        Some(last)
            if last.catalogue == catalogue
                && last.no_index == no_index
                && last.site_url == site_url =>
        {
            last
        }
        _ => SiteFiles {
            files: site_files(&parts, &indexed, &catalogue, site_url),
            catalogue: catalogue.clone(),
            no_index,
            site_url: site_url.to_string(),
        },
    };
    for (path, bytes) in &files.files {
        output.insert_shared(path.clone(), bytes.clone());
    }
    *last_site_files = Some(files);
    Ok(combined(parts, output, catalogue))
}

/// Hands a version's files to the writer at their merged paths, as soon as it is built
/// (`docsite build`): the merge then makes only the whole-site files, and the writer checks
/// that versions making one path make it alike.
pub(crate) fn stream_part(stream: &Stream, part: &mut VersionBuilt) -> Result<(), Diagnostics> {
    let mut later = std::mem::take(&mut part.built.llms_full_later);
    for file in &mut later {
        file.path = merged_path(&file.path, part).unwrap_or_else(|| file.path.clone());
    }
    part.built.llms_full_later = later;
    let files = std::mem::take(&mut part.built.output.files)
        .into_iter()
        .filter_map(|(path, bytes)| Some((merged_path(&path, part)?, bytes)))
        .collect();
    stream
        .send(&part.version, Output { files })
        .map_err(|e| Diagnostics(vec![Diagnostic::error(format!("cannot write: {e}"))]))
}

/// Where a version's file goes in the merged output; `None` for a file the merge makes
/// itself or takes from the last version only.
fn merged_path(path: &str, part: &VersionBuilt) -> Option<String> {
    if is_sitemap(path) || path == "_site/catalogue.json" || path == "robots.txt" {
        return None;
    }
    if part.is_last {
        return Some(path.to_string());
    }
    if SITE_WIDE.contains(&path) {
        return None;
    }
    Some(moved_path(path, &part.version, &part.base).unwrap_or_else(|| path.to_string()))
}

/// One file per path (sorted input); two versions making different files at one path is an
/// error naming both.
fn dedup<'a>(
    files: Vec<(String, &'a Arc<Vec<u8>>, usize)>,
    parts: &[VersionBuilt],
    conflicts: &mut Vec<Diagnostic>,
) -> Vec<(String, &'a Arc<Vec<u8>>)> {
    let mut out: Vec<(String, &Arc<Vec<u8>>, usize)> = Vec::with_capacity(files.len());
    for (path, bytes, i) in files {
        match out.last() {
            Some((last, had, first)) if *last == path => {
                if had != &bytes {
                    conflicts.push(conflict(&path, &parts[*first].version, &parts[i].version));
                }
            }
            _ => out.push((path, bytes, i)),
        }
    }
    out.into_iter().map(|(p, b, _)| (p, b)).collect()
}

fn is_sitemap(path: &str) -> bool {
    path.starts_with("sitemap") && path.ends_with(".xml") && !path.contains('/')
}

/// Two versions that make one path with different bytes.
pub(crate) fn conflict(path: &str, first: &str, second: &str) -> Diagnostic {
    Diagnostic::error(format!(
        "versions `{first}` and `{second}` both make `/{path}`"
    ))
    .with_hint("give one of the versions another `path` in site.yaml's `versions`, or change the page's slug")
}

/// The sitemap of every indexed version's pages, `robots.txt` and the catalogue of all.
fn site_files(
    parts: &[VersionBuilt],
    indexed: &[PageEntry],
    catalogue: &[PageEntry],
    site_url: &str,
) -> Vec<(String, Arc<Vec<u8>>)> {
    let none_indexed = parts.iter().all(|p| p.no_index);
    let mut files: Vec<(String, Arc<Vec<u8>>)> =
        sitemap::sitemap_files(site_url, indexed, none_indexed)
            .into_iter()
            .map(|(name, xml)| (name, Arc::new(xml.into())))
            .collect();
    files.push((
        "robots.txt".into(),
        Arc::new(sitemap::robots(site_url, none_indexed).into()),
    ));
    let json = docsite_core::json_order::sorted(serde_json::json!({ "pages": catalogue }));
    files.push((
        "_site/catalogue.json".into(),
        Arc::new(serde_json::to_vec(&json).unwrap_or_default()),
    ));
    files
}

fn combined(parts: Vec<VersionBuilt>, output: Output, catalogue: Vec<PageEntry>) -> Built {
    let mut timings: Vec<(&'static str, std::time::Duration)> = Vec::new();
    let mut warnings = Diagnostics::default();
    let (mut pages, mut rendered, mut islands, mut versions_built) = (0, 0, 0, 0);
    let (mut search_stale, mut llms_stale) = (false, false);
    let mut llms_full_later = Vec::new();
    let mut last = None;
    // The versions' own outputs are merged: freeing their tens of thousands of entries is
    // left to another thread, off a serve rebuild's path (about 2 ms for ten versions).
    let mut spent = Vec::with_capacity(parts.len());
    for part in parts {
        let mut b = part.built;
        spent.push(std::mem::take(&mut b.output));
        for (stage, took) in b.timings {
            match timings.iter_mut().find(|(s, _)| *s == stage) {
                Some((_, sum)) => *sum += took,
                None => timings.push((stage, took)),
            }
        }
        warnings.extend(b.warnings.0);
        pages += b.pages;
        rendered += b.rendered;
        islands += b.islands_rendered;
        versions_built += b.versions_built;
        search_stale |= b.search_stale;
        llms_stale |= b.llms_stale;
        llms_full_later.extend(b.llms_full_later);
        if part.is_last || last.is_none() {
            last = Some((b.api_coverage, b.api_index, b.mcp));
        }
    }
    std::thread::spawn(move || drop(spent));
    let (api_coverage, api_index, mcp) = last.unwrap_or((Arc::new(Vec::new()), None, false));
    Built {
        output,
        catalogue,
        warnings,
        timings,
        pages,
        rendered,
        islands_rendered: islands,
        versions_built,
        search_stale,
        llms_stale,
        llms_full_later,
        api_coverage,
        api_index,
        mcp,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_version_keeps_its_own_files_in_its_folder() {
        // The search index is one for all versions, made after them: none has its own.
        assert_eq!(
            moved_path("_site/search/pagefind.js", "1.0", "/docs/1.0"),
            None
        );
        assert_eq!(
            moved_path("_site/site.json", "current", "/docs/next").as_deref(),
            Some("_site/versions/current/site.json")
        );
        assert_eq!(
            moved_path("llms.txt", "1.0", "/docs/1.0").as_deref(),
            Some("docs/1.0/llms.txt")
        );
        assert_eq!(
            moved_path("docs/1.0/a/index.html", "1.0", "/docs/1.0"),
            None
        );
        assert_eq!(
            moved_path("_site/api/inventories.json", "1.0", "/docs/1.0").as_deref(),
            Some("_site/versions/1.0/api/inventories.json")
        );
        assert_eq!(moved_path("_site/app.js", "1.0", "/docs/1.0"), None);
        assert!(is_sitemap("sitemap-2.xml") && !is_sitemap("docs/sitemap.xml"));
    }
}
