//! The assemble stage: everything after rendering (navigation, link and anchor checks, page
//! data) and the files of the output map, reusing a page's last HTML and JSON when nothing they
//! show changed.
//!
//! In: the sources, the rendered pages, the sidebars and the site data. Out: [`Assembled`]: the
//! output map with every page's HTML document and JSON file and the whole-site files, the
//! catalogue, the documents the search stage indexes, and what `llms.txt` is made from.

pub mod document;
pub(crate) mod document_cache;
pub mod link_check;
mod output_paths;
pub mod page_data;
mod page_head;
mod sidebar_menu;
mod stream;
mod version_html;

pub(crate) use stream::{take_renders, Taken};

use crate::fingerprint::hash_of;
use crate::load::route_check::ENGINE_FILES;
use crate::load::SiteSources;
use crate::options::BuildOptions;
use crate::output::{self, Output};
use crate::render::{page_file, Page};
use crate::sidebars::{self, navigation};
use crate::site_files::{self, catalogue, exports, llms, redirects, sitemap};
use docsite_core::derived_navigation::SidebarNavigation;
use docsite_core::model::{PageData, PageEntry, SiteData};
use docsite_core::{Diagnostic, Diagnostics};
use document_cache::{CachedDocument, DocumentCache};
use page_data::{not_found_page, page_json, pagination_errors, DataMaker, Navigation};
use rayon::prelude::*;
use sidebar_menu::SidebarMenu;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// The files of the last build that a rebuild reuses when their inputs are unchanged.
#[derive(Default)]
pub(crate) struct FileCaches {
    documents: DocumentCache,
    twins: exports::TwinCache,
    links: link_check::LinkCheckCache,
    site_files: site_files::SiteFilesCache,
}

pub(crate) struct Assembled {
    pub(crate) output: Output,
    pub(crate) catalogue: Vec<PageEntry>,
    pub(crate) warnings: Diagnostics,
    /// The documents of this build, in page order.
    pub(crate) documents: Vec<Arc<CachedDocument>>,
    /// What `llms.txt` and `llms-full.txt` show (not in the output yet).
    pub(crate) llms: llms::LlmsSource,
}

/// Where a build that no rebuild follows sends its pages as they are made: their files to
/// the writer (`maker` is named in a conflict), and, for a site of one version, what the
/// search index reads of them to the indexer.
pub(crate) struct PageSink<'a> {
    pub(crate) stream: &'a output::Stream,
    pub(crate) maker: &'a str,
    pub(crate) index: Option<&'a mut docsite_search::Indexer>,
    /// What was taken out of the pages' renders ([`take_renders`]), so that each page's HTML
    /// is dropped once its files are made and its twin's body becomes its twin.
    pub(crate) taken: Taken,
}

/// Everything after rendering: navigation, checks, and the files of the output. With a
/// sink, the pages' HTML and JSON go to it in batches, not into the output, and the documents
/// returned keep only what the search index reads (nothing, when the sink indexes them).
#[allow(clippy::too_many_arguments)]
pub(crate) fn assemble(
    sources: &SiteSources,
    pages: &[Page],
    by_id: &HashMap<String, usize>,
    sidebars: &sidebars::Sidebars,
    site: &SiteData,
    options: &BuildOptions,
    caches: &mut FileCaches,
    sink: Option<PageSink>,
) -> Result<Assembled, Diagnostics> {
    let catalogue = catalogue::entries(pages, sidebars);
    let routes: HashMap<String, usize> = pages
        .iter()
        .enumerate()
        .map(|(i, p)| (p.src.route.clone(), i))
        .collect();
    let mut output = Output::default();
    for (path, bytes) in &sources.static_files {
        output.insert_shared(path.clone(), bytes.clone());
    }
    for (rel, bytes) in &sources.doc_assets {
        let url = crate::load::doc_assets::asset_url(rel, bytes);
        output.insert_shared(url.trim_start_matches('/').to_string(), bytes.clone());
    }
    for (path, bytes) in &options.frontend.files {
        output.insert(path.clone(), bytes.clone());
    }
    let mut known_files: HashSet<String> = output.files.keys().cloned().collect();
    known_files.extend(ENGINE_FILES.iter().map(|f| f.to_string()));
    known_files.extend(other_versions_routes(sources));
    let file_of = |p: &Page| page_file(sources, &p.src);
    let checked = link_check::check(
        pages,
        &routes,
        &known_files,
        &sources.config,
        file_of,
        &mut caches.links,
    );
    let (mut diags, mut warnings) = (Diagnostics::default(), Diagnostics::default());
    for d in checked.0 {
        if d.severity == docsite_core::diagnostic::Severity::Error {
            diags.push(d);
        } else {
            warnings.push(d);
        }
    }
    diags.extend(pagination_errors(sources, pages, by_id));
    let listed = catalogue.iter().filter(|e| !e.unlisted).count();
    let sitemap_parts = match site.version.no_index {
        true => Vec::new(),
        false => sitemap::part_names(listed),
    };
    diags.extend(output_paths::conflicts(
        sources,
        pages,
        output.files.keys(),
        &sitemap_parts,
    ));
    let route_set: HashSet<&str> = routes.keys().map(String::as_str).collect();
    let known = redirects::Known {
        routes: &route_set,
        files: &known_files,
    };
    // Redirects are the site's, not a version's: the last version makes them.
    let rules = match &sources.versions {
        Some(_) if !sources.version.is_last => &[][..],
        _ => &sources.config.redirects[..],
    };
    let redirects = redirects::resolve(&sources.folder, rules, &known).unwrap_or_else(|problems| {
        diags.extend(problems);
        Vec::new()
    });
    if options.frontend.is_empty() {
        warnings.push(Diagnostic::warning("the reading app is not built (web/dist is missing): pages will have no styles or scripts"));
    }
    let orders = navigation::reading_orders(sidebars, pages, by_id);
    let derived: HashMap<&str, SidebarNavigation> = sidebars
        .items
        .iter()
        .map(|(name, items)| (name.as_str(), SidebarNavigation::new(items)))
        .collect();
    let sidebar_files = sidebars.files();
    let sidebar_urls: HashMap<String, String> = sidebar_files
        .iter()
        .map(|(name, (url, _))| (name.clone(), url.clone()))
        .collect();
    // A large sidebar shows each page a window of its top level (see `sidebars::window`).
    let menus: HashMap<&str, SidebarMenu> = sidebars
        .items
        .iter()
        .map(|(name, items)| {
            let large = sidebar_files
                .get(name)
                .is_some_and(|(_, bytes)| bytes.len() > document::WHOLE_SIDEBAR_MAX_BYTES);
            (name.as_str(), SidebarMenu::new(items, large))
        })
        .collect();
    let nav = Navigation {
        orders: &orders,
        derived: &derived,
        sidebar_urls: &sidebar_urls,
    };
    let data_of = DataMaker {
        sources,
        sidebars,
        nav,
        pages,
        by_id,
        site,
    };
    // Made now, with the errors of the checks above, unless the pages stream: each batch's
    // data is made then, so that its HTML can go once its files are made.
    let docs = match &sink {
        Some(_) if !diags.has_errors() => Vec::new(),
        _ => {
            let (docs, errors) = data_of.many(pages, |i| &pages[i].rendered.html);
            diags.extend(errors.0);
            docs
        }
    };
    if diags.has_errors() {
        return Err(diags);
    }
    // The site data as serialised, hashed once for the documents' and the site files' caches.
    let site_hash = hash_of(serde_json::to_vec(site).unwrap_or_default());
    let site_key = hash_of((
        site_hash,
        &options.frontend.scripts,
        &options.frontend.styles,
        options.live_reload,
    ));
    // A sidebar file's URL is named by its content: hashing the URL hashes the sidebar.
    let sidebar_keys: HashMap<&str, u64> = sidebar_urls
        .iter()
        .map(|(name, url)| (name.as_str(), hash_of(url)))
        .collect();
    let last_documents = std::mem::take(&mut caches.documents);
    let site_json = document::site_json(site);
    let make = |(page, (data, content)): (&Page, &(PageData, Cow<str>))| {
        let sidebar_key = data
            .sidebar
            .as_deref()
            .and_then(|s| sidebar_keys.get(s))
            .copied();
        let context = hash_of((sidebar_key, site_key, &page.rendered.head));
        let plain_render = std::ptr::eq(content.as_ref(), page.rendered.html.as_str())
            .then(|| page.rendered.clone());
        let same_content = |c: &CachedDocument| match (&c.plain_render, &plain_render) {
            (Some(then), Some(now)) if Arc::ptr_eq(then, now) => true,
            _ => *c.content == *content.as_ref(),
        };
        // A document depends only on its page data, its sidebar and the site: when none
        // changed since the last build, the last files are still right.
        if let Some(hit) = last_documents
            .get(&data.route)
            .filter(|c| c.context == context && *c.data == *data && same_content(c))
        {
            return hit.clone();
        }
        let sidebar = data.sidebar.as_deref().and_then(|name| {
            let items = sidebars.get(name)?;
            Some(sidebar_menu::page_menu(items, menus.get(name)?, &data.id))
        });
        let html = document::render(&document::DocumentInput {
            site,
            site_json: &site_json,
            page: data,
            content,
            sidebar: sidebar.as_deref(),
            frontend: &options.frontend,
            live_reload: options.live_reload,
            head: &page.rendered.head,
        });
        let sidebar_nav = data.sidebar.as_deref().and_then(|s| derived.get(s));
        // A version's copy of a shared render, as rendered (no card list filled in).
        let shared = page
            .shared
            .as_ref()
            .filter(|s| matches!(content, Cow::Borrowed(_)) && s.describes(content));
        let mut json = page_json(data, content, shared, sidebar_nav);
        // Held until written (three batches at once when streamed): without their spare
        // capacity, from growing by doubling, a document and its JSON take about 40% less.
        let mut html = html.into_bytes();
        html.shrink_to_fit();
        json.shrink_to_fit();
        let mut doc = CachedDocument {
            data: Arc::new(data.clone()),
            content: Arc::from(content.as_ref()),
            content_hash: hash_of(content.as_ref()),
            link_free_hash: shared.and_then(|s| s.link_free_hash()),
            search_hash: 0,
            context,
            plain_render,
            html: Arc::new(html),
            json: Arc::new(json),
        };
        doc.search_hash = document_cache::search_hash(&doc.search_page(site));
        Arc::new(doc)
    };
    let exports = exports::Exports {
        site,
        summary: sources.config.llms_summary.as_deref(),
        pages,
        by_id,
        sidebars,
        sidebar_urls: &sidebar_urls,
        orders: &orders,
    };
    let (built, twins) = match sink {
        None => {
            let built: Vec<Arc<CachedDocument>> = pages.par_iter().zip(&docs).map(make).collect();
            for doc in &built {
                insert_files(&mut output, doc);
                caches.documents.insert(doc.data.route.clone(), doc.clone());
            }
            let twins = exports::insert(&mut output, &exports, &mut caches.twins);
            (built, twins.into_iter().map(llms::TwinText::Held).collect())
        }
        Some(sink) => {
            let streamed = stream::pages(
                sink,
                pages,
                &data_of,
                &make,
                &exports,
                options.held_twins_max,
            )?;
            (streamed.documents, streamed.twins)
        }
    };
    // Made into files by the caller, now or after the pages are out (serve mode).
    let llms = llms::source(&exports, &twins, &output);
    let no_index = site.version.no_index;
    output.insert("robots.txt", sitemap::robots(&site.url, no_index));
    output.insert("_headers", crate::site_files::security::headers_file());
    redirects::insert(&mut output, &redirects, &site.url);
    output.insert("404.html", not_found_page(site, options));
    output.insert(
        "_site/highlight.css",
        docsite_markdown::highlight::theme_css(),
    );
    for (url, bytes) in sidebar_files.into_values() {
        output.insert(url.trim_start_matches('/'), bytes);
    }
    site_files::insert(
        &mut output,
        &catalogue,
        (site, site_hash),
        sidebars,
        &sidebar_urls,
        &mut caches.site_files,
    );
    Ok(Assembled {
        output,
        catalogue,
        warnings,
        documents: built,
        llms,
    })
}

/// A page's HTML document and JSON file, at their paths in the output.
pub(super) fn insert_files(output: &mut Output, doc: &CachedDocument) {
    output.insert_shared(output::html_path(&doc.data.route), doc.html.clone());
    output.insert_shared(output::json_path(&doc.data.route), doc.json.clone());
}

/// The routes of the other versions' pages, as output paths: a page may link to another
/// version (an absolute link from the current docs to the latest release's page is one).
fn other_versions_routes(sources: &SiteSources) -> Vec<String> {
    let Some(set) = &sources.versions else {
        return Vec::new();
    };
    set.routes
        .iter()
        .filter(|(name, _)| **name != sources.version.version)
        .flat_map(|(_, pages)| pages.values())
        .map(|route| route.trim_matches('/').to_string())
        .collect()
}
