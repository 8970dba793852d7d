//! Which versions a site builds, read as Docusaurus reads them: `versions.json` (names, newest
//! first), `versioned_docs/version-X/`, `versioned_sidebars/version-X-sidebars.json`, the
//! current `docs/` as the version `current`, and site.yaml's `lastVersion`,
//! `onlyIncludeVersions`, `includeCurrentVersion` and `versions` (per version: label, path,
//! banner, badge, noIndex, className), each with Docusaurus's default.

use crate::load::site_folder::SiteFolder;
use crate::load::source_files::read_config;
use crate::load::{display_path, DocsSource};
use docsite_core::config::{SiteConfig, VersionOptions};
use docsite_core::model::VersionMeta;
use docsite_core::versions::valid_version_name;
use docsite_core::Diagnostic;

pub const VERSIONS_FILE: &str = "versions.json";
pub const CURRENT: &str = "current";

/// The versions to build, in menu order: the current docs first, then `versions.json` order.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub sources: Vec<DocsSource>,
    /// The version at the route base.
    pub last: String,
}

impl Plan {
    /// Whether the site is versioned at all (else its one version keeps the seed's metadata).
    pub fn is_versioned(&self) -> bool {
        self.sources.iter().any(|s| s.meta.is_some())
    }
}

pub fn plan(site: &SiteFolder, config: &SiteConfig) -> Result<Plan, Diagnostic> {
    let released = read_versions_file(site)?;
    if released.is_none() && config.versions.is_empty() && config.last_version.is_none() {
        return Ok(Plan {
            sources: vec![DocsSource::current()],
            last: CURRENT.into(),
        });
    }
    let released = released.unwrap_or_default();
    let mut names: Vec<String> = Vec::new();
    if config.include_current_version {
        names.push(CURRENT.into());
    }
    names.extend(released.iter().cloned());
    let fail = |m: String| Diagnostic::error(m).in_file(site.shown(&site.root().join("site.yaml")));
    let last = config
        .last_version
        .clone()
        .or_else(|| released.first().cloned())
        .unwrap_or_else(|| CURRENT.into());
    if !names.contains(&last) {
        return Err(fail(format!(
            "`lastVersion: {last}` names no version ({})",
            names.join(", ")
        )));
    }
    for name in config.versions.keys() {
        if !names.contains(name) {
            return Err(fail(format!(
                "`versions` names an unknown version `{name}`"
            )));
        }
    }
    if let Some(only) = &config.only_include_versions {
        if let Some(unknown) = only.iter().find(|n| !names.contains(n)) {
            return Err(fail(format!(
                "`onlyIncludeVersions` names an unknown version `{unknown}`"
            )));
        }
        if !only.contains(&last) {
            return Err(fail(format!(
                "`onlyIncludeVersions` must include the last version `{last}`"
            )));
        }
    }
    if names.is_empty() {
        return Err(fail(
            "no version to build: `includeCurrentVersion` is false and versions.json is empty"
                .into(),
        ));
    }
    let all = names.clone();
    let included = |n: &String| {
        config
            .only_include_versions
            .as_ref()
            .is_none_or(|o| o.contains(n))
    };
    let sources = names
        .into_iter()
        .filter(included)
        .map(|name| source(config, &all, &last, name))
        .collect::<Result<Vec<_>, String>>()
        .map_err(fail)?;
    Ok(Plan { sources, last })
}

/// `versions.json`, if the site has one: a list of version names, newest first.
fn read_versions_file(site: &SiteFolder) -> Result<Option<Vec<String>>, Diagnostic> {
    let path = site.root().join(VERSIONS_FILE);
    let Some(text) = read_config(site, &path)? else {
        return Ok(None);
    };
    let shown = display_path(site.root(), &path);
    let names: Vec<String> = serde_json::from_str(&text).map_err(|e| {
        Diagnostic::error(format!(
            "versions.json must be a list of version names: {e}"
        ))
        .in_file(&shown)
        .at(&text, e.line(), e.column())
    })?;
    let at = |name: &str| {
        let line = text
            .lines()
            .position(|l| l.contains(&format!("\"{name}\"")))
            .map_or(1, |i| i + 1);
        (line, shown.clone())
    };
    for (i, name) in names.iter().enumerate() {
        let problem = if !valid_version_name(name) || name == CURRENT {
            Some("is not a usable version name (letters, digits, `.`, `-`, `_`; not `current`)")
        } else if names[..i].contains(name) {
            Some("is listed twice")
        } else {
            None
        };
        if let Some(problem) = problem {
            let (line, file) = at(name);
            return Err(Diagnostic::error(format!("version `{name}` {problem}"))
                .in_file(file)
                .at(&text, line, 1));
        }
    }
    Ok(Some(names))
}

/// One version's folders, path and metadata, with Docusaurus's defaults where site.yaml says
/// nothing.
fn source(
    config: &SiteConfig,
    all: &[String],
    last: &str,
    name: String,
) -> Result<DocsSource, String> {
    let options = config.versions.get(&name).cloned().unwrap_or_default();
    let current = name == CURRENT;
    let path = match &options.path {
        Some(p) => p.trim_matches('/').to_string(),
        None if name == last => String::new(),
        None if current => "next".into(),
        None => name.clone(),
    };
    if !path.is_empty() && !path.split('/').all(valid_version_name) {
        return Err(format!("version `{name}` has an unusable `path: {path}`"));
    }
    let meta = meta(config, all, last, &name, &options)?;
    let (docs_dir, sidebars_file) = if current {
        ("docs".to_string(), None)
    } else {
        (
            format!("versioned_docs/version-{name}"),
            Some(format!("versioned_sidebars/version-{name}-sidebars.json")),
        )
    };
    Ok(DocsSource {
        version: name,
        docs_dir,
        sidebars_file,
        path,
        meta: Some(meta),
    })
}

fn meta(
    config: &SiteConfig,
    all: &[String],
    last: &str,
    name: &str,
    options: &VersionOptions,
) -> Result<VersionMeta, String> {
    let position = |n: &str| all.iter().position(|v| v == n);
    // Docusaurus: versions listed before the last one are upcoming, those after it are old.
    let default_banner = if name == last {
        None
    } else if position(name) < position(last) {
        Some("unreleased".to_string())
    } else {
        Some("unmaintained".to_string())
    };
    let banner = match options.banner.as_deref() {
        None => default_banner,
        Some("none") => None,
        Some(b @ ("unreleased" | "unmaintained")) => Some(b.to_string()),
        Some(other) => {
            return Err(format!(
                "version `{name}`: banner must be `none`, `unreleased` or `unmaintained`, not `{other}`"
            ))
        }
    };
    let seed = &config.version;
    Ok(VersionMeta {
        plugin_id: seed.plugin_id.clone().unwrap_or_else(|| "default".into()),
        version: name.to_string(),
        label: options.label.clone().unwrap_or_else(|| {
            if name == CURRENT {
                seed.label.clone().unwrap_or_else(|| "Next".into())
            } else {
                name.to_string()
            }
        }),
        banner,
        badge: options.badge.unwrap_or(all.len() > 1),
        no_index: options.no_index.unwrap_or(false),
        class_name: options
            .class_name
            .clone()
            .unwrap_or_else(|| format!("docs-version-{name}")),
        is_last: name == last,
    })
}
