//! The API reference stage: the inventories of `site/api/*.json` (checked against the pins of
//! `examples/requirements.txt`), where each documented name has its entry (a scan of the
//! pages for `<ApiEntry name="…">`, before rendering, so every page can link to any entry),
//! the exclusion file, and the coverage report.

use crate::fingerprint::hash_of;
use crate::load::{display_path, SiteSources};
use docsite_core::api::{ApiIndex, Inventory};
use docsite_core::{Diagnostic, Diagnostics};
use regex::Regex;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::{Arc, LazyLock};

/// The folder of the inventories and the exclusion file, under the site root.
pub const API_DIR: &str = "api";
/// Names the project decides not to document: `name<TAB>reason` a line.
pub const EXCLUSIONS_FILE: &str = "api/exclusions.tsv";

/// The API reference of a build: the index the renderer uses, and a key that changes when
/// the inventories or the documented names do (so cached renders are made again).
pub struct ApiStage {
    pub index: Option<Arc<ApiIndex>>,
    pub key: u64,
    pub exclusions: BTreeMap<String, String>,
}

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

/// Loads the inventories and finds every entry of the pages. A site without `api/` has none.
pub fn prepare(sources: &SiteSources) -> Result<ApiStage, Diagnostics> {
    let dir = sources.root.join(API_DIR);
    if !dir.is_dir() {
        return Ok(ApiStage {
            index: None,
            key: 0,
            exclusions: BTreeMap::new(),
        });
    }
    let (inventories, bytes_key) = load_inventories(sources, &dir)?;
    let mut index = ApiIndex::new(inventories);
    index.documented = documented(sources)?;
    let exclusions = exclusions(&sources.root, &index)?;
    let sorted: BTreeMap<_, _> = index.documented.iter().collect();
    let key = hash_of((bytes_key, sorted));
    Ok(ApiStage {
        index: Some(Arc::new(index)),
        key,
        exclusions,
    })
}

fn load_inventories(
    sources: &SiteSources,
    dir: &Path,
) -> Result<(Vec<Arc<Inventory>>, u64), Diagnostics> {
    // The examples' pins, then those of packages only the reference documents.
    let mut pins = pins(&sources.examples_dir().join("requirements.txt"), "examples");
    for (name, pin) in pins_of(&dir.join("requirements.txt"), "api") {
        pins.entry(name).or_insert(pin);
    }
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| one(Diagnostic::error(format!("cannot read: {e}")).in_file(dir)))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut diags = Diagnostics::default();
    let mut inventories = Vec::new();
    let mut hashes = Vec::new();
    for path in files {
        let shown = display_path(&sources.root, &path);
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                diags.push(Diagnostic::error(format!("cannot read: {e}")).in_file(&shown));
                continue;
            }
        };
        hashes.push(hash_of(&bytes));
        let inventory: Inventory = match serde_json::from_slice(&bytes) {
            Ok(i) => i,
            Err(e) => {
                diags.push(
                    Diagnostic::error(format!("invalid API inventory: {e}"))
                        .in_file(&shown)
                        .at("", e.line(), e.column()),
                );
                continue;
            }
        };
        if let Some(d) = pin_mismatch(&inventory, &pins, &shown) {
            diags.push(d);
        }
        inventories.push(Arc::new(inventory));
    }
    if diags.has_errors() {
        return Err(diags);
    }
    Ok((inventories, hash_of(hashes)))
}

/// A pin: the version, and where it is written (`examples/requirements.txt` line 4).
type Pin = (String, String);

fn pins(requirements: &Path, folder: &str) -> HashMap<String, Pin> {
    pins_of(requirements, folder).into_iter().collect()
}

/// `package==version` lines of a requirements file, by normalised package name.
fn pins_of(requirements: &Path, folder: &str) -> Vec<(String, Pin)> {
    let text = std::fs::read_to_string(requirements).unwrap_or_default();
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let line = line.split('#').next()?.trim();
            let (name, version) = line.split_once("==")?;
            let name = name
                .split('[')
                .next()?
                .trim()
                .replace('-', "_")
                .to_lowercase();
            let place = format!("{folder}/requirements.txt line {}", i + 1);
            Some((name, (version.trim().to_string(), place)))
        })
        .collect()
}

/// The drift check the build can make without Python: an inventory made from another version
/// than the one pinned is stale.
fn pin_mismatch(
    inventory: &Inventory,
    pins: &HashMap<String, Pin>,
    shown: &Path,
) -> Option<Diagnostic> {
    let hint =
        "run `scripts/api-inventory.sh` to regenerate the inventory from the pinned packages";
    match pins.get(&inventory.package.replace('-', "_").to_lowercase()) {
        Some((pinned, _)) if *pinned == inventory.version => None,
        Some((pinned, place)) => Some(
            Diagnostic::error(format!(
                "the API inventory of `{}` is for version {}, but {place} pins {pinned}",
                inventory.package, inventory.version
            ))
            .in_file(shown)
            .with_hint(hint),
        ),
        None => Some(
            Diagnostic::error(format!(
                "neither examples/requirements.txt nor api/requirements.txt pins a version of `{}`, which the API inventory documents",
                inventory.package
            ))
            .in_file(shown)
            .with_hint(hint),
        ),
    }
}

static ENTRY: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"<ApiEntry\b[^>]*?\bname=["']([^"']+)["']"#).unwrap());

/// Every `<ApiEntry name>` of the pages → the href of its anchor. One name, one entry.
fn documented(sources: &SiteSources) -> Result<HashMap<String, String>, Diagnostics> {
    let mut found: HashMap<String, (String, std::path::PathBuf, usize)> = HashMap::new();
    let mut diags = Diagnostics::default();
    for page in &sources.pages {
        if !page.source.contains("<ApiEntry") {
            continue;
        }
        for m in ENTRY.captures_iter(&page.source) {
            let name = m[1].to_string();
            let offset = m.get(0).map_or(0, |g| g.start());
            let line = page.source[..offset].matches('\n').count() + 1;
            let file = display_path(
                &sources.root,
                &sources.root.join("docs").join(&page.rel_path),
            );
            if let Some((_, first_file, first_line)) = found.get(&name) {
                diags.push(
                    Diagnostic::error(format!(
                        "`{name}` has two entries: this one and {}:{first_line}",
                        first_file.display()
                    ))
                    .in_file(&file)
                    .at(&page.source, line, 1)
                    .with_hint("each API name is documented on one page; link to it from others"),
                );
                continue;
            }
            let href = format!("{}#{name}", page.route);
            found.insert(name, (href, file, line));
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(found
        .into_iter()
        .map(|(n, (href, _, _))| (n, href))
        .collect())
}

/// The exclusion file: each line a name of an inventory and the reason it has no entry.
fn exclusions(root: &Path, index: &ApiIndex) -> Result<BTreeMap<String, String>, Diagnostics> {
    let path = root.join(EXCLUSIONS_FILE);
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(BTreeMap::new());
    };
    let shown = display_path(root, &path);
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
pub fn coverage(stage: &ApiStage) -> Vec<Coverage> {
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
