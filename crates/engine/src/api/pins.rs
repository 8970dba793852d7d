//! The versions the API inventories must be made from: the pins of the examples'
//! `requirements.txt` and of `api/requirements.txt`, and the check an inventory makes against
//! them.

use crate::load::site_folder::{Limit, SiteFolder};
use crate::load::SiteSources;
use docsite_core::api::Inventory;
use docsite_core::Diagnostic;
use std::collections::HashMap;
use std::path::Path;

/// A pin: the version, and where it is written (`examples/requirements.txt` line 4).
pub(crate) type Pin = (String, String);

/// The examples' pins, then those of packages only the reference documents (in the API
/// folder's own `requirements.txt`).
/// A requirements file that cannot be read (a link out of the site, a FIFO) is an error; a
/// missing one pins nothing.
pub(crate) fn pins(
    sources: &SiteSources,
    api_dir: &Path,
) -> Result<HashMap<String, Pin>, Diagnostic> {
    let site = &sources.folder;
    let mut pins: HashMap<String, Pin> = pins_of(
        site,
        &sources.examples_dir().join("requirements.txt"),
        "examples",
    )?
    .into_iter()
    .collect();
    for (name, pin) in pins_of(site, &api_dir.join("requirements.txt"), "api")? {
        pins.entry(name).or_insert(pin);
    }
    Ok(pins)
}

/// `package==version` lines of a requirements file, by normalised package name.
fn pins_of(
    site: &SiteFolder,
    requirements: &Path,
    folder: &str,
) -> Result<Vec<(String, Pin)>, Diagnostic> {
    let text = match site.read_text(requirements, Limit::SETTINGS) {
        Ok(text) => text,
        Err(e) if e.is_missing() => String::new(),
        Err(e) => return Err(e.diagnostic().in_file(site.shown(requirements))),
    };
    Ok(text
        .lines()
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
        .collect())
}

/// The drift check the build can make without Python: an inventory made from another version
/// than the one pinned is stale.
pub(crate) fn mismatch(
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
