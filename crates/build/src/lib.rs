//! The site driver: load → render → sidebars → navigation → check → assemble the output map.
//!
//! A [`Builder`] keeps rendered pages between runs, so `serve` re-renders only the pages a
//! change touches.

pub mod catalogue;
pub mod document;
pub mod exports;
pub mod frontend;
pub mod links;
pub mod load;
pub mod navigation;
pub mod output;
pub mod search;
pub mod sidebar_config;
pub mod sidebars;
pub mod sitemap;

use docsite_core::model::{Crumb, LastUpdated, PageData, PageEntry, SiteData};
use docsite_core::{Diagnostic, Diagnostics};
use docsite_markdown::{Options, Rendered, TwinOptions, CARDS_MARKER};
use frontend::Frontend;
use load::{display_path, SiteSources, SourcePage};
use output::Output;
use rayon::prelude::*;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The description API pages get when their front matter has none.
pub const API_DESCRIPTION: &str = "{title} Dagster API | Comprehensive Python API documentation for Dagster, the data orchestration platform. Learn how to build, test, and maintain data pipelines with our detailed guides and examples.";

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

#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    pub frontend: Frontend,
    /// Adds the live reload script (serve mode only).
    pub live_reload: bool,
    /// When pages change, keep the last search index and leave the new one to
    /// [`Builder::refresh_search`], so a rebuild is not held up by indexing (serve mode).
    pub defer_search: bool,
}

/// What a successful build produced.
#[derive(Debug)]
pub struct Built {
    pub output: Output,
    pub catalogue: Vec<PageEntry>,
    pub warnings: Diagnostics,
    pub timings: Vec<(&'static str, Duration)>,
    pub pages: usize,
    /// Pages rendered this run (the others came from the cache).
    pub rendered: usize,
    /// The output holds the previous search index; [`Builder::refresh_search`] makes a new one.
    pub search_stale: bool,
}

struct CacheEntry {
    /// Hash of the site-wide inputs of rendering (routes, TOC levels, repository URL).
    site_key: u64,
    /// The page's file as rendered; compared rather than hashed, which is cheaper.
    source: String,
    /// Example files the page shows, with the hash of their content when rendered.
    examples: Vec<(String, u64)>,
    rendered: Arc<Rendered>,
}

/// A page rendered, or why it could not be.
type RenderResult = Result<Page, Vec<Diagnostic>>;

/// The files of a page from the last build, with what they were made from.
#[derive(Clone)]
struct CachedDocument {
    /// The page data without its content, and the content.
    data: PageData,
    content: String,
    /// Hash of the content, so the search index can tell whether any page changed without
    /// hashing every page again.
    content_hash: u64,
    /// Hash of the page's sidebar and the site data.
    context: u64,
    html: Arc<Vec<u8>>,
    json: Arc<Vec<u8>>,
}

/// Route → the page's files from the last build.
type DocumentCache = HashMap<String, Arc<CachedDocument>>;

/// The search files of the last index and the hash of what they were made from.
#[derive(Default)]
struct SearchCache {
    key: u64,
    files: search::SearchFiles,
    /// What the last build would index, for [`Builder::refresh_search`].
    latest: Option<(Vec<Arc<CachedDocument>>, SiteData)>,
}

#[derive(Default)]
pub struct Builder {
    sources: load::PageCache,
    cache: HashMap<String, CacheEntry>,
    files: FileCaches,
    search: SearchCache,
}

/// The files of the last build that a rebuild reuses when their inputs are unchanged.
#[derive(Default)]
struct FileCaches {
    documents: DocumentCache,
    twins: exports::TwinCache,
}

fn hash_of(value: impl Hash) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}

struct Timer {
    start: Instant,
    timings: Vec<(&'static str, Duration)>,
}

impl Timer {
    fn lap(&mut self, stage: &'static str) {
        let now = Instant::now();
        self.timings.push((stage, now - self.start));
        self.start = now;
    }
}

impl Builder {
    pub fn new() -> Self {
        Self::default()
    }

    /// Builds the whole site in memory. Errors come back all together; nothing is written.
    pub fn build(&mut self, root: &Path, options: &BuildOptions) -> Result<Built, Diagnostics> {
        let mut timer = Timer {
            start: Instant::now(),
            timings: Vec::new(),
        };
        let (sources, mut warnings) = load::load(root, &self.sources)?;
        self.sources = sources
            .pages
            .iter()
            .map(|p| (p.rel_path.clone(), p.clone()))
            .collect();
        timer.lap("load");
        let (pages, rendered) = self.render_pages(&sources)?;
        timer.lap("render");
        let by_id: HashMap<String, usize> = pages
            .iter()
            .enumerate()
            .map(|(i, p)| (p.src.id.clone(), i))
            .collect();
        let sidebars = sidebars::resolve(&sources.sidebars, &pages, &by_id, &sources.categories)?;
        timer.lap("sidebars");
        let site = site_data(&sources)?;
        let assembled = assemble(
            &sources,
            &pages,
            &by_id,
            &sidebars,
            &site,
            options,
            &mut self.files,
        )?;
        timer.lap("assemble");
        let mut output = assembled.output;
        let search_stale = {
            let indexed = search_pages(&assembled.documents, &site);
            let key = search_key(&indexed);
            // Serve mode keeps the last index for now and refreshes it after the pages are out.
            let defer = options.defer_search && !self.search.files.is_empty();
            if !self.search.is_current(key) && !defer {
                self.search.rebuild(&indexed, key)?;
            }
            !self.search.is_current(key)
        };
        search::replace_files(&mut output, &self.search.files);
        self.search.latest = Some((assembled.documents, site));
        warnings.extend(assembled.warnings.0);
        timer.lap("search");
        Ok(Built {
            output,
            catalogue: assembled.catalogue,
            warnings,
            timings: timer.timings,
            pages: pages.len(),
            rendered,
            search_stale,
        })
    }

    /// Indexes the pages of the last build if its output holds an older index; returns the new
    /// search files, or `None` when the index was already current.
    pub fn refresh_search(&mut self) -> Result<Option<search::SearchFiles>, Diagnostics> {
        let Some((documents, site)) = self.search.latest.clone() else {
            return Ok(None);
        };
        let pages = search_pages(&documents, &site);
        let key = search_key(&pages);
        if self.search.is_current(key) {
            return Ok(None);
        }
        self.search.rebuild(&pages, key)?;
        Ok(Some(self.search.files.clone()))
    }

    /// Renders every page in parallel, reusing cached results whose inputs did not change.
    fn render_pages(&mut self, sources: &SiteSources) -> Result<(Vec<Page>, usize), Diagnostics> {
        let files = links::file_routes(&sources.pages);
        let toc = sources.config.toc;
        // Any change to the set of pages or their routes can change how links resolve.
        let site_key = hash_of((
            files.iter().collect::<std::collections::BTreeMap<_, _>>(),
            toc.min_heading_level,
            toc.max_heading_level,
            &sources.config.repository_url,
            &sources.config.url,
        ));
        let examples_dir = sources.examples_dir();
        let cache = &self.cache;
        let results: Vec<(RenderResult, Option<CacheEntry>)> = sources
            .pages
            .par_iter()
            .map(|src| {
                let unchanged = |e: &&CacheEntry| {
                    e.site_key == site_key
                        && e.source == src.source
                        && examples_unchanged(&examples_dir, &e.examples)
                };
                if let Some(hit) = cache.get(&src.rel_path).filter(unchanged) {
                    return (Ok(finish_page(src.clone(), hit.rendered.clone())), None);
                }
                match render_page(src, sources, &files) {
                    Ok(rendered) => {
                        let examples = rendered
                            .examples
                            .iter()
                            .map(|p| (p.clone(), example_hash(&examples_dir, p)))
                            .collect();
                        let rendered = Arc::new(rendered);
                        let entry = CacheEntry {
                            site_key,
                            source: src.source.clone(),
                            examples,
                            rendered: rendered.clone(),
                        };
                        (Ok(finish_page(src.clone(), rendered)), Some(entry))
                    }
                    Err(d) => (Err(d), None),
                }
            })
            .collect();
        let mut pages = Vec::with_capacity(results.len());
        let mut diags = Diagnostics::default();
        let mut fresh = 0;
        for (result, entry) in results {
            match result {
                Ok(page) => {
                    if let Some(e) = entry {
                        fresh += 1;
                        self.cache.insert(page.src.rel_path.clone(), e);
                    }
                    pages.push(page);
                }
                Err(d) => diags.extend(d),
            }
        }
        let live: HashSet<&str> = sources.pages.iter().map(|p| p.rel_path.as_str()).collect();
        self.cache.retain(|id, _| live.contains(id.as_str()));
        if diags.has_errors() {
            return Err(diags);
        }
        Ok((pages, fresh))
    }
}

fn example_hash(dir: &Path, path: &str) -> u64 {
    hash_of(std::fs::read(dir.join(path)).ok())
}

fn examples_unchanged(dir: &Path, examples: &[(String, u64)]) -> bool {
    examples.iter().all(|(p, h)| example_hash(dir, p) == *h)
}

fn page_file(root: &Path, page: &SourcePage) -> PathBuf {
    display_path(root, &root.join("docs").join(&page.rel_path))
}

fn render_page(
    src: &SourcePage,
    sources: &SiteSources,
    files: &links::FileRoutes,
) -> Result<Rendered, Vec<Diagnostic>> {
    let examples_dir = sources.examples_dir();
    let resolve = |url: &str| links::resolve(url, src, files);
    let load_example = |path: &str| read_example(&examples_dir, path);
    let repo = sources.config.repository_url.clone();
    let example_url = move |path: &str| {
        repo.as_ref()
            .map(|r| format!("{}/{}", r.trim_end_matches('/'), path))
    };
    let (toc_min, toc_max) = toc_levels(sources, src);
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

fn read_example(dir: &Path, path: &str) -> Result<String, String> {
    if path.split('/').any(|s| s == "..") || path.starts_with('/') {
        return Err("the path must stay inside the examples folder".into());
    }
    std::fs::read_to_string(dir.join(path))
        .map_err(|e| format!("cannot read `examples/{path}`: {e}"))
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
/// the API template under `api/`, else the first paragraph.
fn finish_page(src: Arc<SourcePage>, rendered: Arc<Rendered>) -> Page {
    let fm = &src.front_matter;
    let title = fm
        .title
        .clone()
        .or_else(|| rendered.h1.clone())
        .unwrap_or_else(|| src.file_stem().to_string());
    let description = match &fm.description {
        Some(d) => d.clone(),
        None if src.id.starts_with("api/") => API_DESCRIPTION.replace("{title}", &title),
        None => rendered.first_paragraph.clone().unwrap_or_default(),
    };
    Page {
        src,
        rendered,
        title,
        description,
    }
}

fn site_data(sources: &SiteSources) -> Result<SiteData, Diagnostics> {
    let c = &sources.config;
    let version = c
        .version
        .resolve()
        .map_err(|m| Diagnostics(vec![Diagnostic::error(m)]))?;
    Ok(SiteData {
        title: c.title.clone(),
        tagline: c.tagline.clone(),
        url: c.url.clone(),
        logo: c.logo.clone(),
        navbar: c.navbar.clone(),
        footer: c.footer.clone(),
        version,
        edit_url: c.edit_url.clone(),
        repository_url: c.repository_url.clone(),
        sidebars: None,
    })
}

struct Assembled {
    output: Output,
    catalogue: Vec<PageEntry>,
    warnings: Diagnostics,
    /// The documents of this build, in page order.
    documents: Vec<Arc<CachedDocument>>,
}

/// Everything after rendering: navigation, checks, and the files of the output.
fn assemble(
    sources: &SiteSources,
    pages: &[Page],
    by_id: &HashMap<String, usize>,
    sidebars: &sidebars::Sidebars,
    site: &SiteData,
    options: &BuildOptions,
    caches: &mut FileCaches,
) -> Result<Assembled, Diagnostics> {
    let catalogue = catalogue::entries(pages, sidebars);
    let routes: HashMap<String, usize> = pages
        .iter()
        .enumerate()
        .map(|(i, p)| (p.src.route.clone(), i))
        .collect();
    let mut output = Output::default();
    for (path, bytes) in &sources.static_files {
        output.insert(path.clone(), bytes.clone());
    }
    for (path, bytes) in &options.frontend.files {
        output.insert(path.clone(), bytes.clone());
    }
    let mut known_files: HashSet<String> = output.files.keys().cloned().collect();
    known_files.extend(["sitemap.xml", "robots.txt", "404.html"].map(String::from));
    known_files.extend(exports::FILES.map(String::from));
    let mut diags = links::check(pages, &routes, &known_files, |p| {
        page_file(&sources.root, &p.src)
    });
    diags.extend(pagination_errors(sources, pages, by_id));
    let mut warnings = Diagnostics::default();
    if options.frontend.is_empty() {
        warnings.push(Diagnostic::warning("the reading app is not built (web/dist is missing): pages will have no styles or scripts"));
    }
    let orders = navigation::reading_orders(sidebars, pages, by_id);
    let crumbs: HashMap<&str, HashMap<String, Vec<Crumb>>> = sidebars
        .items
        .iter()
        .map(|(name, items)| (name.as_str(), navigation::all_breadcrumbs(items)))
        .collect();
    let nav = Navigation {
        orders: &orders,
        crumbs: &crumbs,
    };
    let page_data: Vec<Result<(PageData, Cow<str>), Diagnostic>> = pages
        .par_iter()
        .map(|page| page_data(page, sources, sidebars, &nav, pages, by_id, site))
        .collect();
    let mut docs = Vec::with_capacity(pages.len());
    for result in page_data {
        match result {
            Ok(pair) => docs.push(pair),
            Err(d) => diags.push(d),
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    let site_key = hash_of((
        serde_json::to_vec(site).unwrap_or_default(),
        &options.frontend.scripts,
        &options.frontend.styles,
        options.live_reload,
    ));
    let sidebar_keys: HashMap<&str, u64> = sidebars
        .items
        .iter()
        .map(|(n, i)| {
            (
                n.as_str(),
                hash_of(serde_json::to_vec(i).unwrap_or_default()),
            )
        })
        .collect();
    let built: Vec<Arc<CachedDocument>> = docs
        .par_iter()
        .map(|(data, content)| {
            let sidebar_key = data
                .sidebar
                .as_deref()
                .and_then(|s| sidebar_keys.get(s))
                .copied();
            let context = hash_of((sidebar_key, site_key));
            // A document depends only on its page data, its sidebar and the site: when none
            // changed since the last build, the last files are still right.
            if let Some(hit) = caches.documents.get(&data.route).filter(|c| {
                c.context == context && c.data == *data && c.content == content.as_ref()
            }) {
                return hit.clone();
            }
            let sidebar = data
                .sidebar
                .as_deref()
                .and_then(|s| sidebars.get(s))
                .map(|items| sidebars::pruned(items, &data.id));
            let html = document::render(&document::DocumentInput {
                site,
                page: data,
                content,
                sidebar: sidebar.as_deref(),
                frontend: &options.frontend,
                live_reload: options.live_reload,
            });
            let full = PageData {
                html: Some(content.to_string()),
                ..data.clone()
            };
            let json = serde_json::to_vec(&full).unwrap_or_default();
            Arc::new(CachedDocument {
                data: data.clone(),
                content: content.to_string(),
                content_hash: hash_of(content.as_ref()),
                context,
                html: Arc::new(html.into_bytes()),
                json: Arc::new(json),
            })
        })
        .collect();
    caches.documents.clear();
    for doc in &built {
        output.insert_shared(output::html_path(&doc.data.route), doc.html.clone());
        output.insert_shared(output::json_path(&doc.data.route), doc.json.clone());
        caches.documents.insert(doc.data.route.clone(), doc.clone());
    }
    exports::insert(
        &mut output,
        &exports::Exports {
            site,
            summary: sources.config.llms_summary.as_deref(),
            pages,
            by_id,
            sidebars,
            orders: &orders,
        },
        &mut caches.twins,
    );
    let no_index = site.version.no_index;
    output.insert(
        "sitemap.xml",
        sitemap::sitemap(&site.url, &catalogue, no_index),
    );
    output.insert("robots.txt", sitemap::robots(&site.url, no_index));
    output.insert("404.html", not_found_page(site, options));
    output.insert(
        "_site/highlight.css",
        docsite_markdown::highlight::theme_css(),
    );
    let full_site = SiteData {
        sidebars: Some(sidebars.as_map()),
        ..site.clone()
    };
    output.insert(
        "_site/site.json",
        serde_json::to_vec(&full_site).unwrap_or_default(),
    );
    output.insert(
        "_site/catalogue.json",
        serde_json::to_vec(&serde_json::json!({ "pages": &catalogue })).unwrap_or_default(),
    );
    Ok(Assembled {
        output,
        catalogue,
        warnings,
        documents: built,
    })
}

/// The pages the search index reads: every page not marked `noindex`, in page order.
fn search_pages<'a>(
    documents: &'a [Arc<CachedDocument>],
    site: &'a SiteData,
) -> Vec<search::SearchPage<'a>> {
    documents
        .iter()
        .filter(|d| !d.data.no_index)
        .map(|d| {
            let crumbs = &d.data.breadcrumbs;
            search::SearchPage {
                route: &d.data.route,
                title: &d.data.title,
                // The last crumb is the page itself.
                breadcrumb: crumbs[..crumbs.len().saturating_sub(1)]
                    .iter()
                    .map(|c| c.label.as_str())
                    .collect(),
                area: search_area(site, d.data.sidebar.as_deref()),
                html: &d.content,
                html_hash: d.content_hash,
            }
        })
        .collect()
}

fn search_key(pages: &[search::SearchPage]) -> u64 {
    hash_of(
        pages
            .iter()
            .map(|p| (p.route, p.title, &p.breadcrumb, p.area, p.html_hash))
            .collect::<Vec<_>>(),
    )
}

impl SearchCache {
    fn is_current(&self, key: u64) -> bool {
        self.key == key && !self.files.is_empty()
    }

    fn rebuild(&mut self, pages: &[search::SearchPage], key: u64) -> Result<(), Diagnostics> {
        let mut files: search::SearchFiles = search::bundle(pages)
            .map_err(|e| Diagnostics(vec![Diagnostic::error(format!("search index: {e}"))]))?
            .into_iter()
            .map(|(path, bytes)| (path, Arc::new(bytes)))
            .collect();
        let terms = serde_json::to_vec(&search::terms(pages)).unwrap_or_default();
        files.push((search::TERMS_FILE.to_string(), Arc::new(terms)));
        self.key = key;
        self.files = files;
        Ok(())
    }
}

/// The area a page is filtered under: the navbar label of its sidebar ("Docs" without one).
fn search_area<'a>(site: &'a SiteData, sidebar: Option<&str>) -> &'a str {
    site.navbar
        .iter()
        .find(|item| item.sidebar.is_some() && item.sidebar.as_deref() == sidebar)
        .or_else(|| site.navbar.first())
        .map_or("Docs", |item| item.label.as_str())
}

/// Reading orders and breadcrumbs, computed once per build for every page.
struct Navigation<'a> {
    orders: &'a HashMap<String, navigation::ReadingOrder>,
    crumbs: &'a HashMap<&'a str, HashMap<String, Vec<Crumb>>>,
}

/// The page data of one page and its content HTML (card lists filled in).
fn page_data<'a>(
    page: &'a Page,
    sources: &SiteSources,
    sidebars: &sidebars::Sidebars,
    nav: &Navigation,
    pages: &[Page],
    by_id: &HashMap<String, usize>,
    site: &SiteData,
) -> Result<(PageData, Cow<'a, str>), Diagnostic> {
    let fm = &page.src.front_matter;
    let sidebar = sidebars.page_sidebar.get(&page.src.id).cloned();
    let items = sidebar
        .as_deref()
        .and_then(|s| sidebars.get(s))
        .unwrap_or_default();
    let (previous, next) =
        navigation::prev_next(page, sidebar.as_deref(), nav.orders, pages, by_id);
    let mut content = Cow::Borrowed(page.rendered.html.as_str());
    let mut cards = None;
    if page.rendered.has_cards {
        let Some(list) = navigation::cards(items, &page.src.id, pages, by_id) else {
            let line = page
                .src
                .source
                .lines()
                .position(|l| l.contains("<DocCardList"))
                .map_or(1, |i| i + 1);
            return Err(Diagnostic::error(
                "`<DocCardList />` needs a sidebar category around this page",
            )
            .in_file(page_file(&sources.root, &page.src))
            .at(&page.src.source, line, 1)
            .with_hint("link the page from a category, or list its pages by hand"));
        };
        content = Cow::Owned(content.replace(CARDS_MARKER, &catalogue::cards_html(&list)));
        cards = Some(list);
    }
    let data = PageData {
        id: page.src.id.clone(),
        route: page.src.route.clone(),
        title: page.title.clone(),
        description: page.description.clone(),
        sidebar: sidebar.clone(),
        unlisted: fm.unlisted,
        no_index: fm.unlisted || site.version.no_index,
        hide_title: fm.hide_title,
        hide_table_of_contents: fm.hide_table_of_contents,
        // Filled in when the page JSON is written; kept apart so unchanged pages compare cheaply.
        html: None,
        toc: page.rendered.toc.clone(),
        breadcrumbs: sidebar
            .as_deref()
            .and_then(|s| nav.crumbs.get(s))
            .and_then(|c| c.get(&page.src.id))
            .cloned()
            .unwrap_or_default(),
        previous,
        next,
        edit_url: sources
            .config
            .edit_url
            .as_ref()
            .map(|u| format!("{}{}", u, page.src.rel_path)),
        last_updated: fm.last_update.as_ref().map(|l| LastUpdated {
            date: l.date.clone(),
            author: l.author.clone(),
        }),
        cards,
        sidebar_custom_props: fm.sidebar_custom_props.clone(),
        markdown_url: Some(exports::twin_href(&page.src.route)),
    };
    Ok((data, content))
}

fn pagination_errors(
    sources: &SiteSources,
    pages: &[Page],
    by_id: &HashMap<String, usize>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for page in pages {
        let fm = &page.src.front_matter;
        for (key, value) in [
            ("pagination_next", &fm.pagination_next),
            ("pagination_prev", &fm.pagination_prev),
        ] {
            if let Some(Some(id)) = value {
                if !by_id.contains_key(id) {
                    let line = page
                        .src
                        .source
                        .lines()
                        .position(|l| l.starts_with(key))
                        .map_or(1, |i| i + 1);
                    out.push(
                        Diagnostic::error(format!("`{key}` names a missing doc `{id}`"))
                            .in_file(page_file(&sources.root, &page.src))
                            .at(&page.src.source, line, 1),
                    );
                }
            }
        }
    }
    out
}

fn not_found_page(site: &SiteData, options: &BuildOptions) -> String {
    let content = "<p>We could not find the page you asked for. It may have moved, or the link may be mistyped.</p>\n<p><a href=\"/\">Go to the home page</a></p>\n";
    let page = PageData {
        id: "404".into(),
        route: "/404".into(),
        title: "Page not found".into(),
        description: "The page you asked for does not exist.".into(),
        sidebar: None,
        unlisted: false,
        no_index: true,
        hide_title: false,
        hide_table_of_contents: true,
        html: None,
        toc: Vec::new(),
        breadcrumbs: Vec::new(),
        previous: None,
        next: None,
        edit_url: None,
        last_updated: None,
        cards: None,
        sidebar_custom_props: None,
        markdown_url: None,
    };
    document::render(&document::DocumentInput {
        site,
        page: &page,
        content,
        sidebar: None,
        frontend: &options.frontend,
        live_reload: options.live_reload,
    })
}
