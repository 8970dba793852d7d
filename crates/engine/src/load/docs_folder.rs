//! The `docs/` folder walked once: page files (read later, in parallel), `_category_` files,
//! Markdown partials (`_name.mdx`: imported by pages, not pages themselves) and every other file
//! next to the pages (served hashed under `/assets/`, see `doc_assets`).

use crate::load::sidebar_config::CategoryLinkConfig;
use crate::load::site_folder::{Limit, ReadError, SiteFolder};
use crate::load::source_files::{read_page, yaml_error};
use docsite_core::config::SiteConfig;
use docsite_core::{Diagnostic, Diagnostics};
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// `_category_.yml|json` in a docs folder.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CategoryMeta {
    pub label: Option<String>,
    pub position: Option<f64>,
    pub collapsed: Option<bool>,
    pub collapsible: Option<bool>,
    pub class_name: Option<String>,
    pub link: Option<CategoryLinkConfig>,
    #[serde(default, deserialize_with = "docsite_core::json_order::deserialize_sorted")]
    pub custom_props: Option<serde_json::Value>,
    pub description: Option<String>,
    /// The file as shown in messages, and its text.
    #[serde(skip)]
    pub source: Option<(PathBuf, String)>,
}

/// A page file's modification time and length.
pub(crate) type Stamp = Option<(std::time::SystemTime, u64)>;

/// Whether a file is taken as unchanged: it has the stamp it had. A file that cannot be
/// stamped never counts as unchanged.
pub(crate) fn unchanged(then: Stamp, now: Stamp) -> bool {
    then.is_some() && then == now
}

/// `_category_` files of the last walk by path, with their stamp: a rebuild parses again only
/// the ones that changed (parsing them all was most of a rebuild's walk).
pub type CategoryCache = HashMap<PathBuf, (Stamp, CategoryMeta)>;

/// Files a load read whole (static files, files next to pages) by path, with their stamp: the
/// next load reads again only those whose stamp changed, and shares the others' bytes.
#[derive(Default)]
pub struct ReadCache {
    last: HashMap<PathBuf, (Stamp, Arc<Vec<u8>>)>,
    next: HashMap<PathBuf, (Stamp, Arc<Vec<u8>>)>,
}

impl ReadCache {
    pub(crate) fn read(
        &mut self,
        site: &SiteFolder,
        path: &Path,
        limit: Limit,
    ) -> Result<Arc<Vec<u8>>, ReadError> {
        let stamp = file_stamp(path);
        let bytes = match self.last.get(path) {
            Some((s, bytes)) if unchanged(*s, stamp) => bytes.clone(),
            _ => Arc::new(site.read(path, limit)?),
        };
        self.next.insert(path.to_path_buf(), (stamp, bytes.clone()));
        Ok(bytes)
    }

    /// Keeps what this load read for the next, and forgets the rest.
    pub(crate) fn finish(&mut self) {
        self.last = std::mem::take(&mut self.next);
    }
}

#[derive(Default)]
pub(crate) struct DocsFolder {
    /// Page files: path, path under `docs/`. They are stamped when loaded, on every core:
    /// stamping them here, one after another, was most of a rebuild's walk.
    pub(crate) page_files: Vec<(PathBuf, String)>,
    /// Keyed by folder under `docs/` (`guides/build`).
    pub(crate) categories: HashMap<String, CategoryMeta>,
    pub(crate) doc_assets: BTreeMap<String, Arc<Vec<u8>>>,
    pub(crate) partials: BTreeMap<String, String>,
}

/// The deepest a folder may be nested under `docs/`. Each level is a sidebar category with a
/// generated index page and a breadcrumb on every page below it, so the output grew as the
/// cube of the depth (1,500 levels: past 2.5 GB in 8 s); the bundled site nests 5 deep.
pub const MAX_FOLDER_DEPTH: usize = 32;

/// Walks `docs`; problems go to `diags` and the walk goes on.
pub(crate) fn walk(
    site: &SiteFolder,
    docs: &Path,
    config: &SiteConfig,
    diags: &mut Diagnostics,
    categories: &mut CategoryCache,
    reads: &mut ReadCache,
) -> DocsFolder {
    let mut folder = DocsFolder::default();
    let mut category_files = Vec::new();
    let mut entries = walkdir::WalkDir::new(docs).sort_by_file_name().into_iter();
    while let Some(entry) = entries.next() {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                diags.push(Diagnostic::error(format!("cannot read: {e}")).in_file(docs));
                continue;
            }
        };
        let path = entry.path();
        let shown = || site.shown(path);
        let kind = entry.file_type();
        if kind.is_dir() {
            if entry.depth() > MAX_FOLDER_DEPTH {
                diags.push(too_deep().in_file(shown()));
                entries.skip_current_dir();
            }
            continue;
        }
        let rel = rel_path(docs, path);
        let name = entry.file_name().to_string_lossy();
        let markdown = name.ends_with(".md") || name.ends_with(".mdx");
        if name.starts_with("_category_.") {
            category_files.push((path.to_path_buf(), rel));
        } else if kind.is_symlink() && markdown {
            // A link may point outside the site; refuse it rather than skip it silently.
            diags.push(
                Diagnostic::error("pages may not be symbolic links")
                    .in_file(shown())
                    .with_hint("copy or move the file into docs/"),
            );
        } else if markdown && !name.starts_with('_') {
            folder.page_files.push((path.to_path_buf(), rel));
        } else if markdown {
            // A partial is page text: the same limits apply.
            match read_page(site, path, None, config.max_page_bytes) {
                Ok(text) => {
                    folder.partials.insert(rel, text);
                }
                Err(d) => diags.push(d.in_file(shown())),
            }
        } else if !name.starts_with('_')
            && !name.starts_with('.')
            && crate::load::doc_assets::is_servable(&name)
        {
            match reads.read(site, path, Limit::assets(config.max_asset_bytes)) {
                Ok(bytes) => {
                    folder.doc_assets.insert(rel, bytes);
                }
                Err(e) => diags.push(e.diagnostic().in_file(shown())),
            }
        }
    }
    folder.categories = read_categories(site, category_files, diags, categories);
    folder
}

fn too_deep() -> Diagnostic {
    Diagnostic::error(format!(
        "this folder is nested more than {MAX_FOLDER_DEPTH} folders deep under docs/"
    ))
    .with_hint("each folder is a sidebar category and a breadcrumb: flatten the folders")
}

/// The `_category_` files (path, path under `docs/`) by folder, parsed again only when their
/// stamp changed; stamped on every core.
fn read_categories(
    site: &SiteFolder,
    files: Vec<(PathBuf, String)>,
    diags: &mut Diagnostics,
    cache: &mut CategoryCache,
) -> HashMap<String, CategoryMeta> {
    use rayon::prelude::*;
    let stamps: Vec<Stamp> = files.par_iter().map(|(path, _)| file_stamp(path)).collect();
    let mut categories = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    for ((path, rel), stamp) in files.into_iter().zip(stamps) {
        let cached = cache
            .get(&path)
            .filter(|(s, _)| unchanged(*s, stamp))
            .map(|(_, meta)| Ok(meta.clone()));
        match cached.unwrap_or_else(|| load_category(site, &path)) {
            Ok(meta) => {
                let dir = rel.rsplit_once('/').map_or("", |(d, _)| d);
                categories.insert(dir.to_string(), meta.clone());
                cache.insert(path.clone(), (stamp, meta));
            }
            Err(d) => diags.push(d),
        }
        seen.insert(path);
    }
    cache.retain(|path, _| seen.contains(path));
    categories
}

/// The stamp of a file by path (an example file a page shows).
pub(crate) fn file_stamp(path: &Path) -> Stamp {
    stamp_from(std::fs::metadata(path).ok()?)
}

fn stamp_from(meta: std::fs::Metadata) -> Stamp {
    Some((meta.modified().ok()?, meta.len()))
}

/// `path` under `base`, with `/` separators.
pub(crate) fn rel_path(base: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(base).unwrap_or(path);
    // The walk joins plain names, so on Unix the path as it is has the parts joined by `/`:
    // no need to split it and join it again for every file of every rebuild.
    match rel.to_str() {
        Some(plain) if std::path::MAIN_SEPARATOR == '/' => plain.to_string(),
        _ => rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/"),
    }
}

fn load_category(site: &SiteFolder, path: &Path) -> Result<CategoryMeta, Diagnostic> {
    let shown = site.shown(path);
    let text = site
        .read_text(path, Limit::SETTINGS)
        .map_err(|e| e.diagnostic().in_file(&shown))?;
    let mut meta: CategoryMeta = if path.extension().is_some_and(|e| e == "json") {
        serde_json::from_str(&text).map_err(|e| {
            Diagnostic::error(format!("invalid _category_.json: {e}"))
                .in_file(&shown)
                .at(&text, e.line(), e.column())
        })?
    } else {
        serde_norway::from_str(&text).map_err(|e| yaml_error(site.root(), path, &text, &e))?
    };
    meta.source = Some((shown, text));
    Ok(meta)
}
