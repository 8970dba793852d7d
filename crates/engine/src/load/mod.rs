//! The load stage: reading the site folder.
//!
//! In: the site folder (`site.yaml`, the sidebars file, `docs/` with its pages, partials,
//! `_category_` files and files next to pages, `static/`). Out: [`SiteSources`], the parsed
//! pages with their front matter and routes, the categories, the site config and the sidebars
//! config, with the caches a rebuild reuses ([`PageCache`], [`LoadCache`]).

mod config_files;
pub(crate) mod config_urls;
pub mod doc_assets;
pub(crate) mod docs_folder;
pub(crate) mod js_data;
pub(crate) mod paths;
pub mod route_check;
pub mod sidebar_config;
pub mod site_folder;
pub(crate) mod source_files;
mod version_source;

use crate::load::config_files::load_configs;
pub(crate) use crate::load::config_files::read_site_config;
use crate::load::docs_folder::{rel_path, DocsFolder, Stamp};
pub use crate::load::docs_folder::{CategoryMeta, ReadCache};
use crate::load::sidebar_config::SidebarsConfig;
pub use crate::load::site_folder::display_path;
use crate::load::site_folder::{Limit, SiteFolder};
pub use crate::load::paths::folder_index_rank;
use crate::load::version_source::keep_navbar_in_version;
pub use crate::load::version_source::DocsSource;
use docsite_core::config::SiteConfig;
use docsite_core::frontmatter::{self, FrontMatter};
use docsite_core::model::{route_for_id, VersionMeta};
use docsite_core::versions::VersionSet;
use docsite_core::{Diagnostic, Diagnostics};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One page as read from disk.
#[derive(Debug, Clone)]
pub struct SourcePage {
    pub id: String,
    /// Path under `docs/`, with `/` separators.
    pub rel_path: String,
    pub source: String,
    pub front_matter: FrontMatter,
    pub body_line_offset: usize,
    pub route: String,
    /// Modification time and length of the file when it was read: an unchanged stamp means the
    /// next load need not read it again.
    pub stamp: Option<(std::time::SystemTime, u64)>,
}

impl SourcePage {
    pub fn body(&self) -> &str {
        let mut rest = self.source.as_str();
        for _ in 0..self.body_line_offset {
            rest = rest.split_once('\n').map_or("", |(_, r)| r);
        }
        rest
    }

    /// Whether the page was made by the engine (a category's generated index), not read.
    pub fn is_generated(&self) -> bool {
        self.rel_path.is_empty()
    }

    /// The folder of the page's id (`guides/build` for `guides/build/jobs`).
    pub fn dir(&self) -> &str {
        self.id.rsplit_once('/').map_or("", |(d, _)| d)
    }

    /// The last part of the file name, used for ordering and as a last-resort title.
    pub fn file_stem(&self) -> &str {
        self.rel_path
            .rsplit('/')
            .next()
            .unwrap_or("")
            .split('.')
            .next()
            .unwrap_or("")
    }

    /// Whether the file is its folder's index page (see [`folder_index_rank`]).
    pub fn is_folder_index(&self) -> bool {
        folder_index_rank(&self.rel_path).is_some()
    }
}

#[derive(Debug, Clone)]
pub struct SiteSources {
    pub root: PathBuf,
    /// The folder of the pages under the site folder (`docs`, `versioned_docs/version-1.0`).
    pub docs_dir: String,
    /// The version these pages are.
    pub version: VersionMeta,
    /// Every version of the site, once all are loaded (set by the versions stage).
    pub versions: Option<Arc<VersionSet>>,
    /// The site folder, through which every file of the site is read.
    pub folder: SiteFolder,
    pub config: SiteConfig,
    pub sidebars: SidebarsConfig,
    /// Sorted by id, so output does not depend on directory order.
    pub pages: Vec<Arc<SourcePage>>,
    /// Keyed by folder under `docs/` (`guides/build`).
    pub categories: HashMap<String, CategoryMeta>,
    /// Path under `static/` → bytes.
    pub static_files: BTreeMap<String, Arc<Vec<u8>>>,
    /// Files under `docs/` that are neither pages, partials nor `_category_` files: path →
    /// bytes. They are served hashed under `/assets/` (see `doc_assets`).
    pub doc_assets: BTreeMap<String, Arc<Vec<u8>>>,
    /// Markdown partials (`_name.mdx` under `docs/`, not pages) by path: their text.
    pub partials: BTreeMap<String, String>,
}

impl SiteSources {
    pub fn examples_dir(&self) -> PathBuf {
        self.root.join("examples")
    }

    /// A page's file, from its path under the docs folder.
    pub fn page_path(&self, rel_path: &str) -> PathBuf {
        self.root.join(&self.docs_dir).join(rel_path)
    }
}

/// Reads everything; problems are collected so one run reports them all.
/// Pages of an earlier load by path under `docs/`: an unchanged file is not parsed again.
pub type PageCache = HashMap<String, Arc<SourcePage>>;

/// What a load keeps for the next, besides the pages.
#[derive(Default)]
pub struct LoadCache {
    categories: docs_folder::CategoryCache,
    reads: ReadCache,
    /// site.yaml and the sidebars file as parsed, with the stamps of the files they may come
    /// from: parsing both again took a quarter of a millisecond of each rebuild.
    config: Option<(Vec<Stamp>, SiteConfig, SidebarsConfig)>,
}

pub fn load(
    root: &Path,
    source: &DocsSource,
    previous: &PageCache,
    cache: &mut LoadCache,
) -> Result<(SiteSources, Diagnostics), Diagnostics> {
    let mut diags = Diagnostics::default();
    let site = SiteFolder::new(root).map_err(one)?;
    let leaving = site.check_top_folders();
    if !leaving.is_empty() {
        return Err(Diagnostics(leaving));
    }
    let (mut config, sidebars) = load_configs(&site, source, &mut cache.config)?;
    let site_base = config.route_base_path.clone();
    if !source.path.is_empty() {
        config.route_base_path = with_base(&site_base, &format!("/{}", source.path));
    }
    let version = match &source.meta {
        Some(meta) => meta.clone(),
        None => config
            .version
            .resolve()
            .map_err(|m| one(Diagnostic::error(m)))?,
    };
    let (categories, reads) = (&mut cache.categories, &mut cache.reads);
    let docs = root.join(&source.docs_dir);
    if !docs.is_dir() {
        let message = format!("the site has no `{}` folder", source.docs_dir);
        return Err(one(Diagnostic::error(message).in_file(root)));
    }
    let folder = docs_folder::walk(&site, &docs, &config, &mut diags, categories, reads);
    let DocsFolder {
        page_files,
        categories,
        doc_assets,
        partials,
    } = folder;
    // Reading and parsing front matter is most of loading; do it on every core.
    let loaded: Vec<_> = page_files
        .par_iter()
        .map(|(path, rel)| {
            let limit = config.max_page_bytes;
            let base = &config.route_base_path;
            let stamp = docs_folder::file_stamp(path);
            load_page(&site, path, rel, stamp, previous.get(rel), limit, base)
        })
        .collect();
    let mut pages = Vec::with_capacity(loaded.len());
    for result in loaded {
        match result {
            Ok((page, warnings)) => {
                diags.extend(warnings);
                pages.push(page);
            }
            Err(d) => diags.push(d),
        }
    }
    check_duplicates(root, &source.docs_dir, &pages, &mut diags);
    let static_files = load_static(&site, config.max_asset_bytes, &mut diags, reads);
    reads.finish();
    if diags.has_errors() {
        return Err(diags);
    }
    pages.sort_by(|a, b| a.id.cmp(&b.id));
    if config.route_base_path != site_base {
        keep_navbar_in_version(&mut config, &site_base, &pages);
    }
    Ok((
        SiteSources {
            root: root.to_path_buf(),
            docs_dir: source.docs_dir.clone(),
            version,
            versions: None,
            folder: site,
            config,
            sidebars,
            pages,
            categories,
            static_files,
            doc_assets,
            partials,
        },
        diags,
    ))
}

fn one(d: Diagnostic) -> Diagnostics {
    Diagnostics(vec![d])
}

fn load_page(
    site: &SiteFolder,
    path: &Path,
    rel: &str,
    stamp: Option<(std::time::SystemTime, u64)>,
    previous: Option<&Arc<SourcePage>>,
    max_bytes: u64,
    base: &str,
) -> Result<(Arc<SourcePage>, Vec<Diagnostic>), Diagnostic> {
    let shown = site.shown(path);
    let warn = |p: &SourcePage| -> Vec<Diagnostic> {
        frontmatter::unknown_key_warnings(&p.front_matter, &p.source)
            .into_iter()
            .map(|d| d.in_file(&shown))
            .collect()
    };
    let previous = previous.filter(|p| p.route.starts_with(base.trim_end_matches('/')));
    if let Some(same) = previous.filter(|p| docs_folder::unchanged(p.stamp, stamp)) {
        return Ok((same.clone(), warn(same)));
    }
    let source = crate::load::source_files::read_page(site, path, stamp.map(|s| s.1), max_bytes)
        .map_err(|d| d.in_file(&shown))?;
    if let Some(same) = previous.filter(|p| p.source == source) {
        let page = SourcePage {
            stamp,
            ..SourcePage::clone(same)
        };
        return Ok((Arc::new(page), warn(same)));
    }
    let split = frontmatter::split(&source).map_err(|d| d.in_file(&shown))?;
    let front_matter = match split.yaml {
        Some(yaml) => frontmatter::parse(&source, yaml).map_err(|d| d.in_file(&shown))?,
        None => FrontMatter::default(),
    };
    let warnings = frontmatter::unknown_key_warnings(&front_matter, &source)
        .into_iter()
        .map(|d| d.in_file(&shown))
        .collect();
    let body_line_offset = split.body_line_offset;
    let stem_path = rel.rsplit_once('.').map_or(rel, |(s, _)| s);
    let id = match &front_matter.id {
        // Like Docusaurus, a front matter id replaces the file name but keeps the folder.
        Some(own) => match stem_path.rsplit_once('/') {
            Some((dir, _)) => format!("{dir}/{own}"),
            None => own.clone(),
        },
        None => stem_path.to_string(),
    };
    let route = match &front_matter.slug {
        Some(slug) if slug.starts_with('/') => match slug.trim_end_matches('/') {
            "" => "/".to_string(),
            trimmed => trimmed.to_string(),
        },
        Some(slug) => route_for_id(&format!(
            "{}/{slug}",
            id.rsplit_once('/').map_or("", |(d, _)| d)
        )),
        // `README.md` and `guides/guides.md` have their folder's route, as `index.md` does.
        None if folder_index_rank(rel).is_some() => {
            route_for_id(&format!("{}/index", id.rsplit_once('/').map_or("", |(d, _)| d)))
        }
        None => route_for_id(&id),
    };
    let route = with_base(base, &route);
    let page = SourcePage {
        id,
        rel_path: rel.to_string(),
        source,
        front_matter,
        body_line_offset,
        route,
        stamp,
    };
    if let (Some(min), Some(max)) = (
        page.front_matter.toc_min_heading_level,
        page.front_matter.toc_max_heading_level,
    ) {
        if min > max {
            let line = page
                .source
                .lines()
                .position(|l| l.starts_with("toc_min_heading_level"));
            return Err(Diagnostic::error(format!(
                "toc_min_heading_level ({min}) is above toc_max_heading_level ({max})"
            ))
            .in_file(&shown)
            .at(&page.source, line.map_or(1, |i| i + 1), 1));
        }
    }
    let has_slug = page.front_matter.slug.is_some();
    if let Some(d) =
        crate::load::route_check::check(&page.route, &page.source, body_line_offset, has_slug)
    {
        return Err(d.in_file(&shown));
    }
    Ok((Arc::new(page), warnings))
}

/// A route under the site's `routeBasePath` (`/docs` + `/a` → `/docs/a`; `/docs` + `/` →
/// `/docs`). Like Docusaurus, absolute slugs are under it too.
pub fn with_base(base: &str, route: &str) -> String {
    match (base.trim_matches('/'), route) {
        ("", _) => route.to_string(),
        (b, "/") => format!("/{b}"),
        (b, r) => format!("/{b}{r}"),
    }
}

fn check_duplicates(root: &Path, folder: &str, pages: &[Arc<SourcePage>], diags: &mut Diagnostics) {
    let mut ids: HashMap<&str, &SourcePage> = HashMap::new();
    let mut routes: HashMap<&str, &SourcePage> = HashMap::new();
    for page in pages {
        let file = display_path(root, &root.join(folder).join(&page.rel_path));
        if let Some(first) = ids.insert(&page.id, page) {
            diags.push(
                Diagnostic::error(format!("duplicate page id `{}`", page.id))
                    .in_file(&file)
                    .at(&page.source, 1, 1)
                    .with_hint(format!("`{folder}/{}` has the same id", first.rel_path)),
            );
        } else if let Some(first) = routes.insert(&page.route, page) {
            diags.push(
                Diagnostic::error(format!("duplicate route `{}`", page.route))
                    .in_file(&file)
                    .at(&page.source, 1, 1)
                    .with_hint(format!(
                        "`{folder}/{}` is served at the same route",
                        first.rel_path
                    )),
            );
        }
    }
}

/// The files of `static/`, each read through the site folder's reader (a link that stays
/// in the site is read; one that leaves it, or a FIFO, is an error).
fn load_static(
    site: &SiteFolder,
    max_bytes: u64,
    diags: &mut Diagnostics,
    reads: &mut ReadCache,
) -> BTreeMap<String, Arc<Vec<u8>>> {
    let dir = site.root().join("static");
    let mut files = BTreeMap::new();
    if !dir.is_dir() {
        return files;
    }
    for entry in walkdir::WalkDir::new(&dir)
        .sort_by_file_name()
        .into_iter()
        .flatten()
        .filter(|e| !e.file_type().is_dir())
    {
        match reads.read(site, entry.path(), Limit::assets(max_bytes)) {
            Ok(bytes) => {
                files.insert(rel_path(&dir, entry.path()), bytes);
            }
            Err(e) => diags.push(e.diagnostic().in_file(site.shown(entry.path()))),
        }
    }
    files
}
