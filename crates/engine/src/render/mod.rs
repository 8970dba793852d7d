//! The render stage: every page rendered in parallel by the Markdown crate, reusing the last
//! result of a page whose source, examples and site-wide inputs did not change.
//!
//! In: [`SiteSources`] and the [`ApiStage`]. Out: one [`Page`] per page (its content HTML, TOC,
//! headings, links and twin), kept by [`RenderCache`].

pub mod imports;
pub mod links;

use crate::api::ApiStage;
use crate::fingerprint::hash_of;
use crate::load::docs_folder::{file_stamp, unchanged, Stamp};
use crate::load::{display_path, SiteSources, SourcePage};
use docsite_core::api::ApiIndex;
use docsite_core::{Diagnostic, Diagnostics};
use docsite_markdown::{Dialect, Options, Rendered, TwinOptions};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A page once rendered, with its resolved title and description.
#[derive(Debug, Clone)]
pub struct Page {
    pub src: Arc<SourcePage>,
    pub rendered: Arc<Rendered>,
    pub title: String,
    pub description: String,
}

impl Page {
    pub fn sidebar_label(&self) -> &str {
        self.src
            .front_matter
            .sidebar_label
            .as_deref()
            .unwrap_or(&self.title)
    }
}

struct CacheEntry {
    /// Hash of the site-wide inputs of rendering (routes, TOC levels, repository URL).
    site_key: u64,
    /// The page as rendered. The next load hands over the same allocation when the file is
    /// unchanged, which is then known without comparing the text.
    page: Arc<SourcePage>,
    /// Example files the page shows, with their stamp and the hash of their content when
    /// rendered.
    examples: Vec<(String, ExampleStamp)>,
    rendered: Arc<Rendered>,
}

/// A page rendered, or why it could not be.
type RenderResult = Result<Page, Vec<Diagnostic>>;

/// Rendered pages by source path, kept between builds.
#[derive(Default)]
pub(crate) struct RenderCache {
    entries: HashMap<String, CacheEntry>,
}

impl RenderCache {
    /// Renders every page in parallel, reusing cached results whose inputs did not change.
    /// Returns the pages, how many were rendered afresh, and the pages' warnings.
    pub fn render(
        &mut self,
        sources: &SiteSources,
        api: &ApiStage,
    ) -> Result<(Vec<Page>, usize, Diagnostics), Diagnostics> {
        let files = links::file_routes(&sources.pages);
        let targets = links::LinkTargets {
            files: files.clone(),
            assets: crate::load::doc_assets::urls(&sources.doc_assets),
        };
        let toc = sources.config.toc;
        // Any change to the set of pages or their routes can change how links resolve.
        let site_key = hash_of((
            files.iter().collect::<std::collections::BTreeMap<_, _>>(),
            targets
                .assets
                .iter()
                .collect::<std::collections::BTreeMap<_, _>>(),
            &sources.partials,
            toc.min_heading_level,
            toc.max_heading_level,
            &sources.config.repository_url,
            &sources.config.url,
            api.key,
            dialect(&sources.config),
        ));
        let examples_dir = sources.examples_dir();
        let cache = &self.entries;
        let stamps = example_stamps(&examples_dir, cache);
        let results: Vec<(RenderResult, Option<CacheEntry>)> = sources
            .pages
            .par_iter()
            .map(|src| {
                let unchanged = |e: &&CacheEntry| {
                    e.site_key == site_key
                        && (Arc::ptr_eq(&e.page, src) || e.page.source == src.source)
                        && examples_unchanged(&examples_dir, &e.examples, &stamps)
                };
                if let Some(hit) = cache.get(&src.rel_path).filter(unchanged) {
                    let page = finish_page(src.clone(), hit.rendered.clone(), &sources.config);
                    return (Ok(page), None);
                }
                match render_page(src, sources, &targets, api.index.as_deref()) {
                    Ok(rendered) => {
                        let examples = rendered
                            .examples
                            .iter()
                            .map(|p| (p.clone(), example_stamp(&examples_dir, p)))
                            .collect();
                        let rendered = Arc::new(rendered);
                        let entry = CacheEntry {
                            site_key,
                            page: src.clone(),
                            examples,
                            rendered: rendered.clone(),
                        };
                        let page = finish_page(src.clone(), rendered, &sources.config);
                        (Ok(page), Some(entry))
                    }
                    Err(d) => (Err(d), None),
                }
            })
            .collect();
        let mut pages = Vec::with_capacity(results.len());
        let mut diags = Diagnostics::default();
        let mut warnings = Diagnostics::default();
        let mut fresh = 0;
        for (result, entry) in results {
            match result {
                Ok(page) => {
                    warnings.extend(page_warnings(sources, &page));
                    if let Some(e) = entry {
                        fresh += 1;
                        self.entries.insert(page.src.rel_path.clone(), e);
                    }
                    pages.push(page);
                }
                Err(d) => diags.extend(d),
            }
        }
        let live: HashSet<&str> = sources.pages.iter().map(|p| p.rel_path.as_str()).collect();
        self.entries.retain(|id, _| live.contains(id.as_str()));
        if diags.has_errors() {
            return Err(diags);
        }
        Ok((pages, fresh, warnings))
    }
}

/// A page's render warnings, placed in its file.
fn page_warnings(sources: &SiteSources, page: &Page) -> Vec<Diagnostic> {
    let file = page_file(&sources.root, &page.src);
    page.rendered
        .warnings
        .iter()
        .map(|d| {
            let line = d.line + page.src.body_line_offset;
            Diagnostic {
                file: Some(file.clone()),
                ..d.clone()
            }
            .at(&page.src.source, line, d.column)
        })
        .collect()
}

/// An example file's stamp (modification time and length) and the hash of its content.
#[derive(Clone, Copy, PartialEq)]
struct ExampleStamp {
    modified: Stamp,
    hash: u64,
}

fn example_stamp(dir: &Path, path: &str) -> ExampleStamp {
    let file = dir.join(path);
    ExampleStamp {
        modified: file_stamp(&file),
        hash: hash_of(std::fs::read(&file).ok()),
    }
}

/// The stamp of every example file the cached pages show, each file stamped once (pages share
/// many: 1,067 uses of 516 files on the bundled site), on every core.
fn example_stamps<'a>(
    dir: &Path,
    entries: &'a HashMap<String, CacheEntry>,
) -> HashMap<&'a str, Stamp> {
    let paths: HashSet<&str> = entries
        .values()
        .flat_map(|e| e.examples.iter().map(|(p, _)| p.as_str()))
        .collect();
    paths
        .into_par_iter()
        .map(|p| (p, file_stamp(&dir.join(p))))
        .collect()
}

/// Whether the examples are as rendered: a file with the same time and length (`now`, by
/// path) is taken as unchanged (as pages are), so a rebuild reads only the files that were
/// touched.
fn examples_unchanged(
    dir: &Path,
    examples: &[(String, ExampleStamp)],
    now: &HashMap<&str, Stamp>,
) -> bool {
    examples.iter().all(|(p, stamp)| {
        let file = || dir.join(p);
        let modified = now
            .get(p.as_str())
            .copied()
            .unwrap_or_else(|| file_stamp(&file()));
        unchanged(stamp.modified, modified) || hash_of(std::fs::read(file()).ok()) == stamp.hash
    })
}

pub(crate) fn page_file(root: &Path, page: &SourcePage) -> PathBuf {
    display_path(root, &root.join("docs").join(&page.rel_path))
}

fn render_page(
    src: &SourcePage,
    sources: &SiteSources,
    targets: &links::LinkTargets,
    api: Option<&ApiIndex>,
) -> Result<Rendered, Vec<Diagnostic>> {
    let examples_dir = sources.examples_dir();
    // A link or import in an imported partial starts from the partial's folder.
    let dir = |from: Option<&str>| match from {
        Some(file) => links::file_dir(file.strip_prefix("docs/").unwrap_or(file)).to_string(),
        None => links::page_dir(src).to_string(),
    };
    let resolve = |url: &str, from: Option<&str>| links::resolve(url, src, &dir(from), targets);
    let import = |path: &str, from: Option<&str>| {
        crate::render::imports::import(path, &dir(from), sources, &targets.assets)
    };
    let load_example = |path: &str| read_example(&examples_dir, path);
    let repo = sources.config.repository_url.clone();
    let example_url = move |path: &str| {
        repo.as_ref()
            .map(|r| format!("{}/{}", r.trim_end_matches('/'), path))
    };
    let (toc_min, toc_max) = toc_levels(sources, src);
    let dialect = dialect(&sources.config);
    let options = Options {
        toc_min,
        toc_max,
        resolve_link: &resolve,
        load_example: &load_example,
        example_url: &example_url,
        twin: Some(TwinOptions {
            site_url: &sources.config.url,
            route: &src.route,
        }),
        api,
        import: &import,
        from: None,
        dialect: &dialect,
    };
    docsite_markdown::render(src.body(), &options).map_err(|diags| {
        let file = page_file(&sources.root, src);
        diags
            .into_iter()
            .map(|d| {
                let line = d.line + src.body_line_offset;
                let column = d.column;
                Diagnostic {
                    file: Some(file.clone()),
                    ..d
                }
                .at(&src.source, line, column)
            })
            .collect()
    })
}

/// The site's additions to the Markdown dialect, from site.yaml.
pub(crate) fn dialect(config: &docsite_core::config::SiteConfig) -> Dialect {
    Dialect {
        admonitions: config.admonitions.keywords.clone(),
        children_only: config.children_only_components.clone(),
    }
}

fn read_example(dir: &Path, path: &str) -> Result<String, String> {
    if path.split('/').any(|s| s == "..") || path.starts_with('/') {
        return Err("the path must stay inside the examples folder".into());
    }
    let cannot = |e: std::io::Error| format!("cannot read `examples/{path}`: {e}");
    // A symlink inside examples/ may point anywhere: the real path must stay inside.
    let real = dir.join(path).canonicalize().map_err(cannot)?;
    let root = dir.canonicalize().map_err(cannot)?;
    if !real.starts_with(&root) {
        return Err(format!(
            "`examples/{path}` leads outside the examples folder (through a symbolic link)"
        ));
    }
    std::fs::read_to_string(real).map_err(cannot)
}

fn toc_levels(sources: &SiteSources, src: &SourcePage) -> (u8, u8) {
    let site = sources.config.toc;
    let fm = &src.front_matter;
    (
        fm.toc_min_heading_level.unwrap_or(site.min_heading_level),
        fm.toc_max_heading_level.unwrap_or(site.max_heading_level),
    )
}

/// Title: front matter, else the first h1, else the file name. Description: front matter, else
/// the site's template for the page's folder (`apiDescription`), else the first paragraph.
fn finish_page(
    src: Arc<SourcePage>,
    rendered: Arc<Rendered>,
    config: &docsite_core::config::SiteConfig,
) -> Page {
    let fm = &src.front_matter;
    let title = fm
        .title
        .clone()
        .or_else(|| rendered.h1.clone())
        .unwrap_or_else(|| src.file_stem().to_string());
    let description = match &fm.description {
        Some(d) => d.clone(),
        None => match &config.api_description {
            Some(d)
                if src
                    .id
                    .starts_with(&format!("{}/", d.folder.trim_matches('/'))) =>
            {
                d.template.replace("{title}", &title)
            }
            _ => rendered.first_paragraph.clone().unwrap_or_default(),
        },
    };
    Page {
        src,
        rendered,
        title,
        description,
    }
}
