//! Building every version of a versioned site, each with a builder of its own, then merging
//! their outputs; a version that a rebuild's changed files do not touch keeps its last output.

use crate::output::Stream;
use crate::search::{self, versioned};
use crate::versions::{self, plan::Plan};
use crate::{keep_highlighted_code, load, BuildOptions, Builder, Built, Timer};
use docsite_core::Diagnostics;
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A version as loaded (its sources, warnings and load time), or `None` when it keeps its last
/// build.
type Loaded = Option<(load::SiteSources, Diagnostics, Duration)>;

impl Builder {
    /// Every version built by its own builder, then merged into one output. With a stream (no
    /// rebuild follows), each version's files go to it as soon as it is built, and its pages
    /// to the one index of all versions; the output returned holds only the whole-site files.
    pub(crate) fn build_versions(
        &mut self,
        root: &Path,
        plan: &Plan,
        site_url: &str,
        options: &BuildOptions,
        mut stream: Option<(&Stream, &mut versioned::VersionIndex)>,
    ) -> Result<Built, Diagnostics> {
        // Versions share most of their code blocks: each is highlighted once for all of them.
        keep_highlighted_code();
        let names: Vec<&String> = plan.sources.iter().map(|s| &s.version).collect();
        self.versions.retain(|name, _| names.contains(&name));
        let changed = self.changed.clone();
        self.builds += 1;
        let build = self.builds;
        // One index for all versions is made after the merge, not one per version.
        let version_options = BuildOptions {
            index_later: true,
            ..options.clone()
        };
        for source in &plan.sources {
            let builder = self.versions.entry(source.version.clone()).or_default();
            builder.api.share_inventories(&self.api);
        }
        // The versions load at once: a load is mostly one thread's work (reading and
        // checking the folder), and ten of them one after another kept a core idle.
        let mut builders: HashMap<&String, &mut Builder> = self.versions.iter_mut().collect();
        let jobs: Vec<(&load::DocsSource, &mut Builder)> = plan
            .sources
            .iter()
            // Version names are unique (`plan` refuses one listed twice).
            .map(|s| {
                let builder = builders.remove(&s.version);
                (s, builder.expect("a builder per version"))
            })
            .collect();
        let results: Vec<Result<Loaded, Diagnostics>> = jobs
            .into_par_iter()
            .map(|(source, builder)| {
                let untouched = changed
                    .as_deref()
                    .is_some_and(|c| versions::reuse::untouched(root, source, &plan.sources, c));
                if untouched && builder.last.is_some() {
                    return Ok(None);
                }
                let start = Instant::now();
                let (sources, warnings) = builder.load_version(root, source)?;
                Ok(Some((sources, warnings, start.elapsed())))
            })
            .collect();
        let mut loaded = Vec::new();
        let mut errors = Diagnostics::default();
        for result in results {
            match result {
                Ok(l) => loaded.push(l),
                Err(e) => errors.extend(e.0),
            }
        }
        if !errors.0.is_empty() {
            return Err(errors);
        }
        let set = {
            let all: Vec<&load::SiteSources> = plan
                .sources
                .iter()
                .zip(&loaded)
                .map(|(source, l)| match l {
                    Some((sources, _, _)) => sources,
                    None => {
                        &self.versions[&source.version]
                            .last
                            .as_ref()
                            .expect("kept")
                            .sources
                    }
                })
                .collect();
            versions::version_set(plan, &all, self.last_set.as_ref())
        };
        // A version kept whole must show the other versions as they are now.
        let same_set = self
            .last_set
            .as_ref()
            .is_some_and(|last| Arc::ptr_eq(last, &set));
        let mut parts = Vec::new();
        let mut components = crate::render::islands::SharedComponents::default();
        self.version_bases.clear();
        for (source, l) in plan.sources.iter().zip(loaded) {
            let builder = self
                .versions
                .get_mut(&source.version)
                .expect("a builder per version");
            let (mut sources, warnings, took) = match l {
                Some(l) => l,
                None => {
                    let last = builder.last.as_ref().expect("kept");
                    if same_set {
                        let built = last.built(&builder.search.files, &builder.llms.current());
                        let sources = &last.sources;
                        parts.push(version_part(sources, built));
                        self.version_bases.push(version_base(sources));
                        continue;
                    }
                    (last.sources.clone(), Diagnostics::default(), Duration::ZERO)
                }
            };
            // Kept as loaded, without the version set, for a later rebuild that keeps it.
            let kept = sources.clone();
            let timer = Timer {
                start: Instant::now(),
                timings: vec![("load", took)],
            };
            sources.versions = Some(set.clone());
            let shared = Some(crate::render::shared::Shared {
                renders: &self.shared_renders,
                build,
                components: &mut components,
            });
            let pages_to = stream
                .as_ref()
                .map(|(stream, _)| crate::assemble::PageSink {
                    stream,
                    maker: &source.version,
                    index: None,
                    taken: crate::assemble::Taken::default(),
                });
            let built = builder.build_loaded(
                sources,
                warnings,
                timer,
                &version_options,
                shared,
                pages_to,
            )?;
            let base = version_base(&kept);
            let mut part = version_part(&kept, built);
            if let Some((stream, index)) = &mut stream {
                versions::merge::stream_part(stream, &mut part)?;
                index_version(index, builder, &base)?;
                // The index has the version's pages: no page's text is kept for it.
                builder.search.latest = None;
            }
            self.version_bases.push(base);
            parts.push(part);
            if options.once {
                // Only what the one index of all versions reads is kept (nothing once the
                // stream's index has the pages).
                builder.forget_caches();
                continue;
            }
            let built = &parts.last().expect("just pushed").built;
            builder.last = Some(versions::reuse::LastVersion::new(kept, built));
        }
        // Only now: a build that failed part way must not leave versions kept with the old set.
        self.last_set = Some(set);
        self.shared_renders.keep_only(build);
        let start = Instant::now();
        let mut built = versions::merge::merge(parts, site_url, &mut self.merged_site_files)?;
        built.timings.push(("merge", start.elapsed()));
        let start = Instant::now();
        self.index_versions(&mut built, options)?;
        built
            .timings
            .push(("search (all versions)", start.elapsed()));
        Ok(built)
    }

    /// Puts the one index of every version into the output: made now unless the options defer
    /// it, else the last one (marked stale when it no longer matches the pages).
    fn index_versions(
        &mut self,
        built: &mut Built,
        options: &BuildOptions,
    ) -> Result<(), Diagnostics> {
        let docs = version_docs(&self.versions, &self.version_bases);
        let key = versioned::key(&docs);
        let defer = options.index_later || (options.defer_search && !self.search.files.is_empty());
        if !self.search.is_current(key) && !defer {
            self.search.set(versioned::index(&docs)?, key);
        }
        built.search_stale = !self.search.is_current(key);
        search::replace_files(&mut built.output, &self.search.files);
        Ok(())
    }

    /// Indexes every version of the last build if its output holds an older index; returns
    /// the new search files, or `None` when the index was already current.
    pub(crate) fn refresh_version_search(
        &mut self,
    ) -> Result<Option<search::SearchFiles>, Diagnostics> {
        let docs = version_docs(&self.versions, &self.version_bases);
        let key = versioned::key(&docs);
        if self.search.is_current(key) {
            return Ok(None);
        }
        let files = versioned::index(&docs)?;
        self.search.set(files.clone(), key);
        Ok(Some(files))
    }
}

/// Gives the pages of the version `builder` just built to the index of all versions.
fn index_version(
    index: &mut versioned::VersionIndex,
    builder: &Builder,
    (name, base, is_last): &(String, String, bool),
) -> Result<(), Diagnostics> {
    let Some((documents, site)) = &builder.search.latest else {
        return Ok(());
    };
    index.add(&versioned::VersionDocs {
        name,
        base,
        is_last: *is_last,
        documents,
        site,
    })
}

/// Each version's pages as its last build left them, in the order of the plan.
fn version_docs<'a>(
    builders: &'a std::collections::BTreeMap<String, Builder>,
    bases: &'a [(String, String, bool)],
) -> Vec<versioned::VersionDocs<'a>> {
    bases
        .iter()
        .filter_map(|(name, base, is_last)| {
            let (documents, site) = builders.get(name)?.search.latest.as_ref()?;
            Some(versioned::VersionDocs {
                name,
                base,
                is_last: *is_last,
                documents,
                site,
            })
        })
        .collect()
}

/// A version's name, route base and whether it is the last, from its sources.
fn version_base(sources: &load::SiteSources) -> (String, String, bool) {
    let v = &sources.version;
    (
        v.version.clone(),
        sources.config.route_base_path.clone(),
        v.is_last,
    )
}

fn version_part(sources: &load::SiteSources, built: Built) -> versions::merge::VersionBuilt {
    let v = &sources.version;
    versions::merge::VersionBuilt {
        version: v.version.clone(),
        is_last: v.is_last,
        base: sources.config.route_base_path.clone(),
        no_index: v.no_index,
        built,
    }
}
