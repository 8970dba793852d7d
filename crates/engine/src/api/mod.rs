//! The API stage: the inventories of `site/api/*.json` (checked against the pins of
//! `examples/requirements.txt`), where each documented name has its entry (a scan of the pages
//! for `<ApiEntry name="…">`, before rendering, so every page can link to any entry), the
//! exclusion file, and the coverage report.
//!
//! In: [`SiteSources`]. Out: [`ApiStage`], the name index the render stage links with.

mod inventories;
pub(crate) mod pins;

use crate::fingerprint::hash_of;
use crate::load::docs_folder::{file_stamp, Stamp};
use crate::load::site_folder::{Limit, SiteFolder};
use crate::load::{display_path, SiteSources, SourcePage};
use docsite_core::api::{ApiIndex, Inventory};
use docsite_core::{Diagnostic, Diagnostics};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The folder of the inventories and the exclusion file, under the site root.
pub const API_DIR: &str = "api";
/// Names the project decides not to document: `name<TAB>reason` a line.
pub const EXCLUSIONS_FILE: &str = "api/exclusions.tsv";

/// The API reference of a build: the index the renderer uses, and a key that changes when
/// the inventories or the documented names do (so cached renders are made again).
#[derive(Clone)]
pub struct ApiStage {
    pub index: Option<Arc<ApiIndex>>,
    pub key: u64,
    /// A hash of the inventories alone (`key` also covers where each name is documented).
    pub inventory_key: u64,
    pub exclusions: BTreeMap<String, String>,
    /// Per documented package, the names no page documents.
    pub coverage: Arc<Vec<Coverage>>,
    /// Every inventory file as read, in one JSON array (empty without inventories): the
    /// export's [`INVENTORIES_FILE`], so tools reading an export (`docsite mcp OUT`) know
    /// every name, not only the documented ones.
    pub files: Arc<Vec<u8>>,
}

/// Where the export keeps the site's API inventories.
pub const INVENTORIES_FILE: &str = "_site/api/inventories.json";

/// Names of one package that no page documents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coverage {
    pub package: String,
    pub version: String,
    pub total: usize,
    pub documented: usize,
    pub excluded: usize,
    /// Top-level names neither documented nor excluded.
    pub missing: Vec<String>,
    /// Public methods and properties of classes that have no entry of their own.
    pub missing_members: usize,
}

/// What the last build read, so a rebuild redoes only what changed: parsing every inventory
/// and scanning every reference page for entries were most of a rebuild's API stage.
#[derive(Default)]
pub struct ApiCache {
    /// Inventories by file, with a hash of their bytes; one map for all the versions of a
    /// site, which read the same inventories ([`ApiCache::share_inventories`]).
    inventories: Arc<Mutex<InventoryCache>>,
    /// Each page's entries (offset, name), with the page they were read from: an unchanged
    /// page is the same allocation in the next load.
    entries: EntryCache,
    /// The last stage and what it was made from. Reading and hashing every inventory, building
    /// the name index, collecting the entries and the coverage took about 2 ms of each rebuild
    /// on the bundled site, though a page edit rarely changes any of them.
    last: Option<(ApiInputs, ApiStage)>,
}

/// Parsed inventories by file, with a hash of their bytes.
pub(crate) type InventoryCache = HashMap<PathBuf, (u64, Arc<Inventory>)>;

impl ApiCache {
    /// Makes this cache use `other`'s parsed inventories, so that the versions of a site
    /// parse each inventory once (on the bundled site, 30-40 ms a version).
    pub(crate) fn share_inventories(&mut self, other: &ApiCache) {
        self.inventories = other.inventories.clone();
    }
}

/// What the stage is made from: the files it reads, by stamp, and each page's route and
/// entries.
struct ApiInputs {
    files: Vec<(PathBuf, Stamp)>,
    pages: Vec<(Arc<SourcePage>, Entries)>,
}

impl ApiInputs {
    fn read(sources: &SiteSources, dir: &Path, entries: Vec<Entries>) -> Self {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        paths.sort();
        // The pins are read from here too; the exclusions and the other pins are in `dir`.
        paths.push(sources.examples_dir().join("requirements.txt"));
        let files = paths
            .into_iter()
            .map(|p| {
                let stamp = file_stamp(&p);
                (p, stamp)
            })
            .collect();
        ApiInputs {
            files,
            pages: sources.pages.iter().cloned().zip(entries).collect(),
        }
    }

    /// Whether the stage made from `self` is still right for `now`: the same files with the
    /// same stamps (a file that cannot be stamped counts as changed, a missing one as
    /// unchanged while it stays missing), and pages at the same routes with entries of the
    /// same names (where in its page an entry is matters only to an error).
    fn still_valid_for(&self, now: &ApiInputs) -> bool {
        let same_names = |x: &Entries, y: &Entries| {
            Arc::ptr_eq(x, y) || x.iter().map(|(_, n)| n).eq(y.iter().map(|(_, n)| n))
        };
        self.files.len() == now.files.len()
            && self
                .files
                .iter()
                .zip(&now.files)
                .all(|((p, s), (q, t))| p == q && s == t && (s.is_some() || !q.exists()))
            && self.pages.len() == now.pages.len()
            && self
                .pages
                .iter()
                .zip(&now.pages)
                .all(|((a, x), (b, y))| a.route == b.route && same_names(x, y))
    }
}

/// A page's entries: the offset of each tag, and its name.
type Entries = Arc<Vec<(usize, String)>>;

/// Page path → (the page as read, its entries).
type EntryCache = HashMap<String, (Arc<SourcePage>, Entries)>;

/// Loads the inventories and finds every entry of the pages. A site without `api/` has none.
pub fn prepare(sources: &SiteSources, cache: &mut ApiCache) -> Result<ApiStage, Diagnostics> {
    let dir = sources.root.join(API_DIR);
    if !dir.is_dir() {
        return Ok(ApiStage {
            index: None,
            key: 0,
            inventory_key: 0,
            exclusions: BTreeMap::new(),
            coverage: Arc::default(),
            files: Arc::default(),
        });
    }
    let entries = page_entries(sources, &mut cache.entries);
    let inputs = ApiInputs::read(sources, &dir, entries);
    match cache.last.take() {
        Some((last, stage)) if last.still_valid_for(&inputs) => {
            cache.last = Some((inputs, stage.clone()));
            return Ok(stage);
        }
        _ => {}
    }
    let (inventories, files, bytes_key) = {
        let mut parsed = cache.inventories.lock().expect("not poisoned");
        inventories::load(sources, &dir, &mut parsed)?
    };
    let mut index = ApiIndex::new(inventories);
    let entries: Vec<&Entries> = inputs.pages.iter().map(|(_, e)| e).collect();
    index.documented = documented(sources, &entries)?;
    let exclusions = exclusions(&sources.folder, &index)?;
    let sorted: BTreeMap<_, _> = index.documented.iter().collect();
    let key = hash_of((bytes_key, sorted));
    let mut stage = ApiStage {
        index: Some(Arc::new(index)),
        key,
        inventory_key: bytes_key,
        exclusions,
        coverage: Arc::default(),
        files: Arc::new(files),
    };
    stage.coverage = Arc::new(coverage(&stage));
    cache.last = Some((inputs, stage.clone()));
    Ok(stage)
}

/// The `<ApiEntry … name="x" …>` tags of a page: (offset of the tag, name). A plain scan of the
/// text, as it runs on every page that changed.
fn entry_names(source: &str) -> impl Iterator<Item = (usize, &str)> {
    const OPEN: &str = "<ApiEntry";
    let word = |c: char| c.is_alphanumeric() || c == '_';
    source.match_indices(OPEN).filter_map(move |(at, _)| {
        let rest = &source[at + OPEN.len()..];
        if rest.starts_with(word) {
            return None; // another component, `<ApiEntryList`
        }
        let tag = &rest[..rest.find('>').unwrap_or(rest.len())];
        tag.match_indices("name=").find_map(|(i, _)| {
            // `name=` as an attribute of its own, not the end of `data-name=`.
            if !tag[..i].ends_with(|c: char| !word(c) && c != '-') {
                return None;
            }
            let value = tag[i + "name=".len()..].strip_prefix(['"', '\''])?;
            let end = value.find(['"', '\''])?;
            (end > 0).then(|| (at, &value[..end]))
        })
    })
}

/// The entries of every page, read again only from pages that changed since the last build.
fn page_entries(sources: &SiteSources, cache: &mut EntryCache) -> Vec<Entries> {
    let entries: Vec<_> = sources
        .pages
        .iter()
        .map(|page| match cache.get(&page.rel_path) {
            Some((seen, entries)) if Arc::ptr_eq(seen, page) => entries.clone(),
            _ => Arc::new(
                entry_names(&page.source)
                    .map(|(at, name)| (at, name.to_string()))
                    .collect(),
            ),
        })
        .collect();
    cache.clear();
    for (page, e) in sources.pages.iter().zip(&entries) {
        cache.insert(page.rel_path.clone(), (page.clone(), e.clone()));
    }
    entries
}

/// Every `<ApiEntry name>` of the pages → the href of its anchor. One name, one entry.
fn documented(
    sources: &SiteSources,
    entries: &[&Entries],
) -> Result<HashMap<String, String>, Diagnostics> {
    // Name → (page, offset) of its first entry. This runs on every rebuild, so file paths
    // and line numbers are worked out only for an error.
    let mut found: HashMap<&str, (usize, usize)> = HashMap::new();
    let mut diags = Diagnostics::default();
    let file_of = |i: usize| {
        display_path(
            &sources.root,
            &sources.page_path(&sources.pages[i].rel_path),
        )
    };
    let line_of =
        |i: usize, offset: usize| sources.pages[i].source[..offset].matches('\n').count() + 1;
    for (i, page) in sources.pages.iter().enumerate() {
        for (offset, name) in entries[i].iter() {
            let (offset, name) = (*offset, name.as_str());
            if let Some(&(first_page, first_offset)) = found.get(name) {
                diags.push(
                    Diagnostic::error(format!(
                        "`{name}` has two entries: this one and {}:{}",
                        file_of(first_page).display(),
                        line_of(first_page, first_offset)
                    ))
                    .in_file(file_of(i))
                    .at(&page.source, line_of(i, offset), 1)
                    .with_hint("each API name is documented on one page; link to it from others"),
                );
                continue;
            }
            found.insert(name, (i, offset));
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(found
        .into_iter()
        .map(|(name, (i, _))| {
            let href = format!(
                "{}#{name}",
                docsite_core::url::route_url(&sources.pages[i].route)
            );
            (name.to_string(), href)
        })
        .collect())
}

/// The exclusion file: each line a name of an inventory and the reason it has no entry.
fn exclusions(
    site: &SiteFolder,
    index: &ApiIndex,
) -> Result<BTreeMap<String, String>, Diagnostics> {
    let path = site.root().join(EXCLUSIONS_FILE);
    let shown = site.shown(&path);
    let text = match site.read_text(&path, Limit::SETTINGS) {
        Ok(text) => text,
        Err(e) if e.is_missing() => return Ok(BTreeMap::new()),
        Err(e) => return Err(one(e.diagnostic().in_file(shown))),
    };
    let mut out = BTreeMap::new();
    let mut diags = Diagnostics::default();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, reason) = line.split_once('\t').unwrap_or((line, ""));
        let (name, reason) = (name.trim(), reason.trim());
        let problem = if reason.is_empty() {
            Some(format!(
                "`{name}` is excluded without a reason (write `name<TAB>reason`)"
            ))
        } else if index.get(name).is_none() {
            Some(format!(
                "`{name}` is excluded but is not in any API inventory"
            ))
        } else if index.href(name).is_some() {
            Some(format!("`{name}` is excluded but a page documents it"))
        } else {
            None
        };
        match problem {
            Some(p) => diags.push(Diagnostic::error(p).in_file(&shown).at(&text, i + 1, 1)),
            None => {
                out.insert(name.to_string(), reason.to_string());
            }
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(out)
}

/// Per package, the names no page documents and the file does not exclude.
fn coverage(stage: &ApiStage) -> Vec<Coverage> {
    let Some(index) = &stage.index else {
        return Vec::new();
    };
    index
        .inventories
        .iter()
        .map(|inv| {
            let documented = |n: &str| index.href(n).is_some();
            let missing: Vec<String> = inv
                .objects
                .iter()
                .map(|o| o.name.clone())
                .filter(|n| !documented(n) && !stage.exclusions.contains_key(n))
                .collect();
            let documented_count = inv.objects.iter().filter(|o| documented(&o.name)).count();
            let missing_members = inv
                .objects
                .iter()
                .filter(|o| documented(&o.name))
                .flat_map(|o| &o.members)
                .filter(|m| !documented(&m.name))
                .count();
            Coverage {
                package: inv.package.clone(),
                version: inv.version.clone(),
                total: inv.objects.len(),
                documented: documented_count,
                excluded: inv
                    .objects
                    .iter()
                    .filter(|o| stage.exclusions.contains_key(&o.name))
                    .count(),
                missing,
                missing_members,
            }
        })
        .collect()
}

fn one(d: Diagnostic) -> Diagnostics {
    Diagnostics(vec![d])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_names_are_read_from_the_tags_only() {
        let source = concat!(
            "<ApiEntry name=\"dagster.asset\">\n",
            "text name=\"not.this\"\n",
            "<ApiEntry kind=\"x\" data-name=\"no\" name='dagster.Definitions' >\n",
            "<ApiEntryList name=\"other.component\" />\n",
            "<ApiEntry name=\"\" />\n",
        );
        let names: Vec<_> = entry_names(source).collect();
        assert_eq!(
            names,
            vec![(0, "dagster.asset"), (53, "dagster.Definitions")]
        );
        assert!(source[53..].starts_with("<ApiEntry kind"));
    }
}
