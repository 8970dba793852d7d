//! The site driver. A build is a sequence of stages, each in a folder of its own:
//!
//! | stage | module | in → out |
//! | --- | --- | --- |
//! | which versions to build | [`versions`] | `versions.json`, site.yaml → one docs source per version |
//! | load the site folder | [`load`] | site folder → pages, categories, config |
//! | API inventories and where each name is documented | [`api`] | inventories, pages → name index |
//! | render every page (cached) | [`render`] | pages, name index → content HTML, TOC, links |
//! | resolve the five sidebars | [`sidebars`] | sidebars config, pages → sidebars, index pages |
//! | page data, checks, HTML documents (cached) | [`assemble`] | all of the above → output map |
//! | whole-site files: sitemap, catalogue, twins, `llms.txt` | [`site_files`] | pages, sidebars → files |
//! | the search index (cached, deferrable) | [`search`] | documents → `_site/search/` |
//! | the output map and writing it | [`output`] | output map → folder |
//!
//! A [`Builder`] keeps each stage's cache between runs, so `serve` re-renders only the pages a
//! change touches. A site with several versions runs the stages once per version, each with a
//! builder of its own, and merges the outputs ([`versions::merge`]).

pub mod api;
pub mod assemble;
mod fingerprint;
pub mod frontend;
pub(crate) mod json_string;
pub mod load;
mod options;
pub mod output;
pub mod render;
pub mod search;
pub mod sidebars;
pub mod site_files;
pub mod versions;
mod write_site;

pub use load::{route_check, sidebar_config};
pub use options::BuildOptions;
pub use render::Page;
pub use site_files::{llms, security};
pub use write_site::{Failure, Wrote};

use assemble::FileCaches;
use docsite_core::model::PageEntry;
use docsite_core::Diagnostics;
use output::Output;
use render::RenderCache;
use search::cache::{search_key, search_pages, SearchCache};
use std::collections::HashMap;
use std::path::Path;
use std::time::{Duration, Instant};

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
    /// Site component uses rendered this run (the others came from the cache).
    pub islands_rendered: usize,
    /// Versions built this run (1 for a site of one version); the others kept their output.
    pub versions_built: usize,
    /// The output holds the previous search index; [`Builder::refresh_search`] makes a new one.
    pub search_stale: bool,
    /// The output holds the previous `llms.txt` and `llms-full.txt`; [`Builder::refresh_llms`]
    /// makes new ones.
    pub llms_stale: bool,
    /// `llms-full.txt` files to make from the written output (a build that streamed its
    /// pages to the writer keeps no twin; see `write_site`).
    pub llms_full_later: Vec<llms::LlmsFullLater>,
    /// Per documented package, the API names no page documents.
    pub api_coverage: std::sync::Arc<Vec<api::Coverage>>,
    /// The API inventories and where each documented name has its entry (none for a site
    /// without `api/`): the MCP server's `lookup_api` answers for every name of them.
    pub api_index: Option<std::sync::Arc<docsite_core::api::ApiIndex>>,
    /// site.yaml's `mcp`: whether `docsite serve` answers MCP clients at `/mcp`.
    pub mcp: bool,
}

#[derive(Default)]
pub struct Builder {
    sources: load::PageCache,
    load: load::LoadCache,
    pages: RenderCache,
    files: FileCaches,
    search: SearchCache,
    llms: llms::LlmsCache,
    api: api::ApiCache,
    islands: docsite_components::RenderCache,
    /// One builder per version of a versioned site, by version name.
    versions: std::collections::BTreeMap<String, Builder>,
    /// For a versioned site: each version's name and route base, and whether it is the last.
    version_bases: Vec<(String, String, bool)>,
    /// A version's last build, which stands for it while none of its files change.
    last: Option<versions::reuse::LastVersion>,
    /// The versions of the last build of a versioned site.
    last_set: Option<std::sync::Arc<docsite_core::versions::VersionSet>>,
    /// A versioned site's page renders, shared by its versions, and the number of the build.
    shared_renders: render::shared::SharedRenders,
    builds: u64,
    /// The whole-site files the last merge of a versioned site made (sitemap, catalogue).
    merged_site_files: Option<versions::merge::SiteFiles>,
    /// The files changed since the last successful build, when the caller tells them all
    /// (`serve`); kept over failed builds, whose changes the next build must see too.
    changed: Option<Vec<std::path::PathBuf>>,
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

/// For a long-running process that rebuilds on every edit (`serve`): keeps highlighted code
/// blocks, so a page whose code did not change is not highlighted again.
pub fn keep_highlighted_code() {
    docsite_markdown::highlight::keep_results(true);
}

impl Builder {
    pub fn new() -> Self {
        Self::default()
    }

    /// Tells the next build which files changed since the last one (as a file watcher saw
    /// them): a version of a versioned site none of whose files changed is not built again.
    pub fn files_changed(&mut self, paths: Vec<std::path::PathBuf>) {
        self.changed.get_or_insert_with(Vec::new).extend(paths);
    }

    /// Builds the whole site in memory. Errors come back all together; nothing is written.
    pub fn build(&mut self, root: &Path, options: &BuildOptions) -> Result<Built, Diagnostics> {
        self.build_with(root, options, None)
    }

    fn build_with(
        &mut self,
        root: &Path,
        options: &BuildOptions,
        stream: Option<(&output::Stream, &mut search::StreamedIndex)>,
    ) -> Result<Built, Diagnostics> {
        // Only a build no rebuild follows gives its files away as it makes them: a rebuild
        // reuses the last output (each version's, each page's documents), kept whole.
        let stream = stream.filter(|_| options.once);
        let built = self.build_site(root, options, stream)?;
        self.changed = None;
        if options.once {
            self.forget_caches();
        }
        Ok(built)
    }

    /// After a build no rebuild follows: keeps only what [`Builder::refresh_search`] reads
    /// (each page's text and data, not its rendered files), so the memory of the caches is
    /// free while the output is written and indexed.
    fn forget_caches(&mut self) {
        // A versioned site's builders forgot theirs as each version was built.
        let latest = self.search.latest.take().map(|(documents, site)| {
            let light = documents
                .iter()
                .map(assemble::document_cache::CachedDocument::for_search)
                .collect();
            (light, site)
        });
        let search = std::mem::take(&mut self.search);
        let versions = std::mem::take(&mut self.versions);
        let version_bases = std::mem::take(&mut self.version_bases);
        *self = Builder {
            search,
            versions,
            version_bases,
            ..Builder::default()
        };
        self.search.latest = latest;
    }

    /// The site's output. Given a stream (no rebuild follows: see [`Builder::build_to`]), the
    /// pages' files go to it as they are made, and a versioned site's other files as each
    /// version is built: the output returned holds the rest. A site of one version gives its
    /// pages to the indexer too (a versioned site's index is made after all versions).
    fn build_site(
        &mut self,
        root: &Path,
        options: &BuildOptions,
        stream: Option<(&output::Stream, &mut search::StreamedIndex)>,
    ) -> Result<Built, Diagnostics> {
        let (site, config) = load::read_site_config(root)?;
        let plan = versions::plan::plan(&site, &config).map_err(|d| Diagnostics(vec![d]))?;
        if plan.is_versioned() {
            let stream = stream.map(|(stream, index)| (stream, index.versions()));
            return self.build_versions(root, &plan, &config.url, options, stream);
        }
        self.versions.clear();
        self.version_bases.clear();
        let mut timer = Timer {
            start: Instant::now(),
            timings: Vec::new(),
        };
        let (mut sources, warnings) = self.load_version(root, &plan.sources[0])?;
        if versions::wants_menu(&sources) {
            sources.versions = Some(versions::version_set(&plan, &[&sources], None));
        }
        timer.lap("load");
        let sink = stream.map(|(stream, index)| assemble::PageSink {
            stream,
            maker: "the site",
            index: Some(index.one()),
            taken: assemble::Taken::default(),
        });
        self.build_loaded(sources, warnings, timer, options, None, sink)
    }

    /// The load stage for one version, its pages kept for the next load.
    fn load_version(
        &mut self,
        root: &Path,
        source: &load::DocsSource,
    ) -> Result<(load::SiteSources, Diagnostics), Diagnostics> {
        let (sources, warnings) = load::load(root, source, &self.sources, &mut self.load)?;
        self.sources = sources
            .pages
            .iter()
            .map(|p| (p.rel_path.clone(), p.clone()))
            .collect();
        Ok((sources, warnings))
    }

    /// Every stage after loading; `shared` holds what the site's other versions share with
    /// this one (renders, components); `sink` takes the pages as they are made, when no rebuild
    /// follows (the output returned then lacks their files).
    fn build_loaded(
        &mut self,
        sources: load::SiteSources,
        mut warnings: Diagnostics,
        mut timer: Timer,
        options: &BuildOptions,
        mut shared: Option<render::shared::Shared>,
        sink: Option<assemble::PageSink>,
    ) -> Result<Built, Diagnostics> {
        let api = api::prepare(&sources, &mut self.api)?;
        timer.lap("api");
        let renders = shared.as_ref().map(|s| (s.renders, s.build));
        let (mut pages, rendered, render_warnings) = self.pages.render(&sources, &api, renders)?;
        warnings.extend(render_warnings.0);
        let renders_before = self.islands.renders;
        let island_files = render::islands::render(
            &sources,
            &mut pages,
            &options.frontend,
            &mut self.islands,
            shared.as_mut().map(|s| &mut *s.components),
        )?;
        let islands_rendered = self.islands.renders - renders_before;
        timer.lap("render");
        let mut by_id: HashMap<String, usize> = pages
            .iter()
            .enumerate()
            .map(|(i, p)| (p.src.id.clone(), i))
            .collect();
        let mut sidebars = sidebars::resolve(&sources, &pages, &by_id)?;
        for page in std::mem::take(&mut sidebars.generated) {
            by_id.insert(page.src.id.clone(), pages.len());
            pages.push(page);
        }
        timer.lap("sidebars");
        let site = assemble::page_data::site_data(&sources)?;
        let streamed = sink.is_some();
        let sink = sink.map(|mut sink| {
            // No rebuild follows: the render cache lets go of the pages, whose HTML then goes
            // batch by batch as their files are made, and whose twin bodies become their twins.
            self.pages = RenderCache::default();
            sink.taken = assemble::take_renders(&mut pages);
            sink
        });
        let assembled = assemble::assemble(
            &sources,
            &pages,
            &by_id,
            &sidebars,
            &site,
            options,
            &mut self.files,
            sink,
        )?;
        timer.lap("assemble");
        let mut output = assembled.output;
        for (path, bytes) in island_files {
            output.insert(path, bytes);
        }
        if !api.files.is_empty() {
            output.insert_shared(api::INVENTORIES_FILE, api.files.clone());
        }
        let (llms_files, llms_stale, llms_full_later) = match streamed {
            // The twins are written already; `llms-full.txt` is made from them once the
            // output is (see `write_site`).
            true => {
                let (files, later) = llms::streamed(assembled.llms);
                (files, false, later)
            }
            false => {
                let (files, stale) = self.llms.files(assembled.llms, options.defer_llms);
                (files, stale, None)
            }
        };
        llms::insert_files(&mut output, &llms_files);
        timer.lap("llms");
        let search_stale = {
            let key = search_key(&assembled.documents);
            // Serve mode keeps the last index for now and refreshes it after the pages are out.
            let defer =
                options.index_later || (options.defer_search && !self.search.files.is_empty());
            if !self.search.is_current(key) && !defer {
                let indexed = search_pages(&assembled.documents, &site);
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
            islands_rendered,
            versions_built: 1,
            search_stale,
            llms_stale,
            llms_full_later: llms_full_later.into_iter().collect(),
            api_coverage: api.coverage.clone(),
            api_index: api.index.clone(),
            mcp: sources.config.mcp,
        })
    }

    /// Makes `llms.txt` and `llms-full.txt` for the pages of the last build if its output holds
    /// older ones; returns them, or `None` when they were already current.
    pub fn refresh_llms(&mut self) -> Option<llms::LlmsFiles> {
        if self.version_bases.is_empty() {
            return self.llms.refresh();
        }
        let mut files = Vec::new();
        for (name, base, is_last) in &self.version_bases {
            let Some(builder) = self.versions.get_mut(name) else {
                continue;
            };
            for (path, bytes) in builder.llms.refresh().unwrap_or_default() {
                files.push((version_path(path, name, base, *is_last), bytes));
            }
        }
        (!files.is_empty()).then_some(files)
    }

    /// Indexes the pages of the last build if its output holds an older index; returns the new
    /// search files, or `None` when the index was already current.
    pub fn refresh_search(&mut self) -> Result<Option<search::SearchFiles>, Diagnostics> {
        if self.version_bases.is_empty() {
            return self.refresh_own_search();
        }
        self.refresh_version_search()
    }

    fn refresh_own_search(&mut self) -> Result<Option<search::SearchFiles>, Diagnostics> {
        let Some((documents, site)) = self.search.latest.clone() else {
            return Ok(None);
        };
        let key = search_key(&documents);
        if self.search.is_current(key) {
            return Ok(None);
        }
        self.search.rebuild(&search_pages(&documents, &site), key)?;
        Ok(Some(self.search.files.clone()))
    }
}

/// Where a file a version makes of its own goes in the merged output.
fn version_path(path: String, version: &str, base: &str, is_last: bool) -> String {
    if is_last {
        return path;
    }
    versions::merge::moved_path(&path, version, base).unwrap_or(path)
}
