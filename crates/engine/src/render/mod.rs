//! The render stage: every page rendered in parallel by the Markdown crate, reusing the last
//! result of a page whose source, examples and site-wide inputs did not change.
//!
//! In: [`SiteSources`] and the [`ApiStage`]. Out: one [`Page`] per page (its content HTML, TOC,
//! headings, links and twin), kept by [`RenderCache`].

mod examples;
mod fresh;
pub mod imports;
pub(crate) mod islands;
pub mod links;
pub(crate) mod shared;

use crate::api::ApiStage;
use crate::fingerprint::hash_of;
use crate::load::{display_path, SiteSources, SourcePage};
use crate::render::examples::{ExampleStamp, Examples};
use crate::render::fresh::Fresh;
use crate::render::shared::{Lookup, SharedRenders, VersionRenders};
use docsite_core::api::ApiIndex;
use docsite_core::{Diagnostic, Diagnostics};
use docsite_markdown::{Dialect, Options, Rendered, TwinOptions};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::Arc;

/// A page once rendered, with its resolved title and description.
#[derive(Debug, Clone)]
pub struct Page {
    pub src: Arc<SourcePage>,
    pub rendered: Arc<Rendered>,
    pub title: String,
    pub description: String,
    /// In a versioned site, the shared render `rendered` was localised from.
    pub(crate) shared: Option<shared::SharedContent>,
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
    /// Returns the pages, how many were rendered afresh (not taken from the cache or from
    /// another version), and the pages' warnings.
    pub fn render(
        &mut self,
        sources: &SiteSources,
        api: &ApiStage,
        shared: Option<(&SharedRenders, u64)>,
    ) -> Result<(Vec<Page>, usize, Diagnostics), Diagnostics> {
        let targets = links::LinkTargets {
            files: links::file_routes(&sources.pages),
            assets: crate::load::doc_assets::urls(&sources.doc_assets),
        };
        let site_key = site_inputs_key(sources, &targets, api.key);
        // A versioned site's pages are rendered once for the versions they read the same in.
        let neutral = shared
            .filter(|_| sources.versions.is_some())
            .and_then(|(shared, build)| {
                VersionRenders::new(
                    shared,
                    build,
                    &sources.config.route_base_path,
                    &targets,
                    api.index.as_deref(),
                    |targets, index| {
                        let documented = index.map(|i| {
                            i.documented
                                .iter()
                                .collect::<std::collections::BTreeMap<_, _>>()
                        });
                        other_inputs_key(sources, targets, hash_of((api.inventory_key, documented)))
                    },
                )
            });
        let examples = Examples::of(sources);
        let cache = &self.entries;
        let stamps = examples.stamps(cache.values().map(|e| e.examples.as_slice()));
        let fresh = Fresh {
            sources,
            targets: &targets,
            api: api.index.as_deref(),
            examples: &examples,
            stamps: &stamps,
        };
        // Each page, its new cache entry, and whether it was rendered here.
        let results: Vec<(RenderResult, Option<CacheEntry>, bool)> = sources
            .pages
            .par_iter()
            .map(|src| {
                let unchanged = |e: &&CacheEntry| {
                    e.site_key == site_key
                        && (Arc::ptr_eq(&e.page, src) || e.page.source == src.source)
                        && examples.unchanged(&e.examples, &stamps)
                };
                if let Some(hit) = cache.get(&src.rel_path).filter(unchanged) {
                    let page = finish_page(src.clone(), hit.rendered.clone(), &sources.config);
                    return (Ok(page), None, false);
                }
                match fresh.render(src, neutral.as_ref()) {
                    Ok((rendered, shown, taken, shared)) => {
                        let rendered = Arc::new(rendered);
                        let entry = CacheEntry {
                            site_key,
                            page: src.clone(),
                            examples: shown,
                            rendered: rendered.clone(),
                        };
                        let mut page = finish_page(src.clone(), rendered, &sources.config);
                        page.shared = shared;
                        (Ok(page), Some(entry), !taken)
                    }
                    Err(d) => (Err(d), None, true),
                }
            })
            .collect();
        let mut pages = Vec::with_capacity(results.len());
        let mut diags = Diagnostics::default();
        let mut warnings = Diagnostics::default();
        let mut fresh = 0;
        for (result, entry, rendered_here) in results {
            match result {
                Ok(page) => {
                    warnings.extend(page_warnings(sources, &page));
                    fresh += usize::from(rendered_here);
                    if let Some(e) = entry {
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
    let file = page_file(sources, &page.src);
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

pub(crate) fn page_file(sources: &SiteSources, page: &SourcePage) -> PathBuf {
    display_path(&sources.root, &sources.page_path(&page.rel_path))
}

/// A hash of the site-wide inputs of rendering: any change to the set of pages or their
/// routes can change how links resolve.
fn site_inputs_key(sources: &SiteSources, targets: &links::LinkTargets, api_key: u64) -> u64 {
    hash_of((
        targets
            .files
            .iter()
            .collect::<std::collections::BTreeMap<_, _>>(),
        other_inputs_key(sources, targets, api_key),
    ))
}

/// The site-wide inputs but the pages' routes (a render shared between versions checks the
/// links it resolved instead).
fn other_inputs_key(sources: &SiteSources, targets: &links::LinkTargets, api_key: u64) -> u64 {
    let toc = sources.config.toc;
    hash_of((
        targets
            .assets
            .iter()
            .collect::<std::collections::BTreeMap<_, _>>(),
        &sources.partials,
        toc.min_heading_level,
        toc.max_heading_level,
        &sources.config.repository_url,
        &sources.config.url,
        api_key,
        dialect(&sources.config),
    ))
}

/// Renders a page at `route`; with every link it resolved.
fn render_page(
    src: &SourcePage,
    route: &str,
    sources: &SiteSources,
    targets: &links::LinkTargets,
    api: Option<&ApiIndex>,
) -> Result<(Rendered, Vec<Lookup>), Vec<Diagnostic>> {
    let examples = Examples::of(sources);
    // A link or import in an imported partial starts from the partial's folder.
    let dir = |from: Option<&str>| match from {
        Some(file) => links::file_dir(file.strip_prefix("docs/").unwrap_or(file)).to_string(),
        None => links::page_dir(src).to_string(),
    };
    let lookups = std::sync::Mutex::new(Vec::new());
    let resolve = |url: &str, from: Option<&str>| {
        let dir = dir(from);
        let (href, relative) = links::resolve_link(url, route, &dir, targets);
        let lookup = Lookup {
            url: url.to_string(),
            dir,
            href: href.clone(),
            relative,
        };
        lookups.lock().expect("not poisoned").push(lookup);
        href
    };
    let import = |path: &str, from: Option<&str>| {
        crate::render::imports::import(path, &dir(from), sources, &targets.assets)
    };
    let load_example = |path: &str| examples.read(path);
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
            route,
        }),
        api,
        import: &import,
        from: None,
        dialect: &dialect,
        front_matter: Some(&src.front_matter),
    };
    let rendered = docsite_markdown::render(src.body(), &options).map_err(|diags| {
        let file = page_file(sources, src);
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
            .collect::<Vec<_>>()
    })?;
    Ok((rendered, lookups.into_inner().unwrap_or_default()))
}

/// The site's additions to the Markdown dialect, from site.yaml.
pub(crate) fn dialect(config: &docsite_core::config::SiteConfig) -> Dialect {
    Dialect {
        admonitions: config.admonitions.keywords.clone(),
        children_only: config.children_only_components.clone(),
        iframes: config.iframes.clone(),
        site_url: config.url.clone(),
        npm2yarn: config.npm2yarn.clone(),
        mermaid: config.markdown.mermaid,
    }
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
        shared: None,
    }
}
