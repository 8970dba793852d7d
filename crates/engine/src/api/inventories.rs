//! Reading `site/api/*.json`: each inventory parsed (kept across builds while its bytes are
//! the same), checked against the pins, and all of them joined for the export.

use super::{one, pins};
use crate::fingerprint::hash_of;
use crate::load::display_path;
use crate::load::site_folder::Limit;
use crate::load::SiteSources;
use docsite_core::api::Inventory;
use docsite_core::{Diagnostic, Diagnostics};
use std::path::Path;
use std::sync::Arc;

/// The inventories of `dir`, sorted by file name; their files joined into one JSON array
/// (empty without inventories); and a key that changes with any file's bytes.
pub(super) fn load(
    sources: &SiteSources,
    dir: &Path,
    cache: &mut super::InventoryCache,
) -> Result<(Vec<Arc<Inventory>>, Vec<u8>, u64), Diagnostics> {
    let pins = pins::pins(sources, dir).map_err(one)?;
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| one(Diagnostic::error(format!("cannot read: {e}")).in_file(dir)))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut diags = Diagnostics::default();
    let mut inventories = Vec::new();
    let mut hashes = Vec::new();
    // Each file is a JSON object (it parsed as one): joined with commas, they make an array.
    let mut joined = Vec::new();
    for path in files {
        let shown = display_path(&sources.root, &path);
        let bytes = match sources.folder.read(&path, Limit::INVENTORY) {
            Ok(b) => b,
            Err(e) => {
                diags.push(e.diagnostic().in_file(&shown));
                continue;
            }
        };
        let hash = hash_of(&bytes);
        hashes.push(hash);
        let inventory = match cache.get(&path) {
            Some((h, inventory)) if *h == hash => inventory.clone(),
            _ => match serde_json::from_slice::<Inventory>(&bytes) {
                Ok(i) => {
                    let i = Arc::new(i);
                    cache.insert(path.clone(), (hash, i.clone()));
                    i
                }
                Err(e) => {
                    diags.push(
                        Diagnostic::error(format!("invalid API inventory: {e}"))
                            .in_file(&shown)
                            .at("", e.line(), e.column()),
                    );
                    continue;
                }
            },
        };
        if let Some(d) = pins::mismatch(&inventory, &pins, &shown) {
            diags.push(d);
        }
        inventories.push(inventory);
        joined.push(if joined.is_empty() { b'[' } else { b',' });
        joined.extend_from_slice(bytes.trim_ascii());
    }
    if diags.has_errors() {
        return Err(diags);
    }
    if !joined.is_empty() {
        joined.push(b']');
    }
    Ok((inventories, joined, hash_of(hashes)))
}
