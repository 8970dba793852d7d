//! site.yaml and the sidebars file: read through the site folder, checked, and kept between
//! loads while their files are unchanged.

use crate::load::docs_folder::{self, Stamp};
use crate::load::sidebar_config::{self, SidebarsConfig};
use crate::load::site_folder::SiteFolder;
use crate::load::source_files::yaml_error;
use crate::load::{display_path, one, DocsSource};
use docsite_core::config::SiteConfig;
use docsite_core::{Diagnostic, Diagnostics};
use std::path::Path;

/// site.yaml and the sidebars file, parsed again only when the stamp of either (or of another
/// sidebars file that would be read first) changed.
pub(super) fn load_configs(
    site: &SiteFolder,
    source: &DocsSource,
    cache: &mut Option<(Vec<Stamp>, SiteConfig, SidebarsConfig)>,
) -> Result<(SiteConfig, SidebarsConfig), Diagnostics> {
    let root = site.root();
    let sidebars_files: Vec<&str> = match &source.sidebars_file {
        Some(file) => vec![file.as_str()],
        None => sidebar_config::FILES.to_vec(),
    };
    let stamps: Vec<Stamp> = std::iter::once(root.join("site.yaml"))
        .chain(sidebars_files.iter().map(|f| root.join(f)))
        .map(|path| docs_folder::file_stamp(&path))
        .collect();
    if let Some((last, config, sidebars)) = cache.as_ref() {
        // Without a stamp of site.yaml nothing would tell a change: read it again.
        if *last == stamps && last[0].is_some() {
            return Ok((config.clone(), sidebars.clone()));
        }
    }
    *cache = None;
    let config = load_config(site).map_err(one)?;
    let sidebars = sidebar_config::load(site, &sidebars_files).map_err(one)?;
    *cache = Some((stamps, config.clone(), sidebars.clone()));
    Ok((config, sidebars))
}

/// Site.yaml, parsed and checked.
pub(crate) fn read_site_config(root: &Path) -> Result<(SiteFolder, SiteConfig), Diagnostics> {
    let site = SiteFolder::new(root).map_err(one)?;
    let config = load_config(&site).map_err(one)?;
    Ok((site, config))
}

fn load_config(site: &SiteFolder) -> Result<SiteConfig, Diagnostic> {
    let root = site.root();
    let path = root.join("site.yaml");
    let text = crate::load::source_files::read_config(site, &path)?.ok_or_else(|| {
        Diagnostic::error("cannot read site.yaml: it does not exist").in_file(site.shown(&path))
    })?;
    let config: SiteConfig =
        serde_norway::from_str(&text).map_err(|e| yaml_error(root, &path, &text, &e))?;
    if let Some(d) = crate::load::config_urls::site_config_problem(&config, &text) {
        return Err(d.in_file(display_path(root, &path)));
    }
    config.version.resolve().map_err(|m| {
        let line = text
            .lines()
            .position(|l| l.trim_start().starts_with("banner"))
            .map_or(1, |i| i + 1);
        Diagnostic::error(m)
            .in_file(display_path(root, &path))
            .at(&text, line, 1)
    })?;
    Ok(config)
}
