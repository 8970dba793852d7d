//! The files made from the whole site rather than from one page: `sitemap.xml`,
//! `_site/catalogue.json` and `_site/site.json` (here), the Markdown twins, `llms.txt` and
//! `llms-full.txt`, redirects from old paths, and the export's security policy (`_headers`, the
//! nginx snippet).
//!
//! In: the catalogue, the sidebars, the site data and the rendered pages. Out: files of the
//! output map, each cached with what it was made from. Writing the three files here took about
//! a millisecond of each rebuild on the bundled site, though a page edit rarely changes them, so
//! each is made again only when what it shows changed.

pub mod catalogue;
pub mod exports;
pub mod llms;
pub mod redirects;
pub mod security;
pub mod sitemap;

use crate::fingerprint::hash_of;
use crate::output::Output;
use crate::sidebars::Sidebars;
use docsite_core::model::{PageEntry, SiteData};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// The files of the last build, with what they were made from.
#[derive(Default)]
pub(crate) struct SiteFilesCache {
    catalogue: Option<CatalogueFiles>,
    /// `site.json` and the hash of the site data and the sidebars' file names.
    site: Option<(u64, Arc<Vec<u8>>)>,
}

/// `sitemap.xml` and `catalogue.json`, and what they show.
struct CatalogueFiles {
    entries: Vec<PageEntry>,
    url: String,
    no_index: bool,
    /// `sitemap.xml`, and past 50,000 listed pages its parts.
    sitemaps: Vec<(String, Arc<Vec<u8>>)>,
    json: Arc<Vec<u8>>,
}

impl CatalogueFiles {
    fn new(entries: &[PageEntry], url: &str, no_index: bool) -> Self {
        let json = docsite_core::json_order::sorted(serde_json::json!({ "pages": entries }));
        CatalogueFiles {
            entries: entries.to_vec(),
            url: url.to_string(),
            no_index,
            sitemaps: sitemap::sitemap_files(url, entries, no_index)
                .into_iter()
                .map(|(name, xml)| (name, Arc::new(xml.into_bytes())))
                .collect(),
            json: Arc::new(serde_json::to_vec(&json).unwrap_or_default()),
        }
    }

    fn shows(&self, entries: &[PageEntry], url: &str, no_index: bool) -> bool {
        self.entries == entries && self.url == url && self.no_index == no_index
    }
}

/// Adds the three files. `site` comes with the hash of its serialised data; `sidebar_urls`
/// names each sidebar's file by its content, so equal names mean equal sidebars.
pub(crate) fn insert(
    output: &mut Output,
    catalogue: &[PageEntry],
    (site, site_hash): (&SiteData, u64),
    sidebars: &Sidebars,
    sidebar_urls: &HashMap<String, String>,
    cache: &mut SiteFilesCache,
) {
    let no_index = site.version.no_index;
    let files = match cache.catalogue.take() {
        Some(last) if last.shows(catalogue, &site.url, no_index) => last,
        _ => CatalogueFiles::new(catalogue, &site.url, no_index),
    };
    for (name, xml) in &files.sitemaps {
        output.insert_shared(name.clone(), xml.clone());
    }
    output.insert_shared("_site/catalogue.json", files.json.clone());
    cache.catalogue = Some(files);
    let key = hash_of((site_hash, sidebar_urls.iter().collect::<BTreeMap<_, _>>()));
    let json = match cache.site.take() {
        Some((last, json)) if last == key => json,
        _ => {
            let full_site = SiteData {
                sidebars: Some(sidebars.as_map()),
                ..site.clone()
            };
            Arc::new(serde_json::to_vec(&full_site).unwrap_or_default())
        }
    };
    output.insert_shared("_site/site.json", json.clone());
    cache.site = Some((key, json));
}

#[cfg(test)]
mod tests {
    use crate::load::route_check::ENGINE_FILES;

    /// Routes are checked against `ENGINE_FILES` while loading, before these modules run.
    #[test]
    fn the_engines_files_are_all_reserved() {
        let written = [
            super::llms::LLMS_TXT,
            super::llms::LLMS_FULL_TXT,
            super::redirects::REDIRECTS_FILE,
            super::redirects::NGINX_FILE,
            "sitemap.xml",
            "robots.txt",
            "_headers",
            "404.html",
        ];
        for name in written {
            assert!(ENGINE_FILES.contains(&name), "{name}");
        }
    }
}
