//! `site/site.yaml`: title, URL, navbar, footer, table of contents levels and version metadata.

use crate::model::{Footer, Logo, NavbarItem, VersionMeta};
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SiteConfig {
    pub title: String,
    #[serde(default)]
    pub tagline: String,
    /// A few sentences on what the docs cover, added to the tagline in `llms.txt`.
    #[serde(default)]
    pub llms_summary: Option<String>,
    /// The site's origin, used for canonical URLs and the sitemap.
    pub url: String,
    #[serde(default)]
    pub logo: Option<Logo>,
    /// The site's icon: one path (Docusaurus's `favicon`) or several (an ICO and an SVG).
    #[serde(default)]
    pub favicon: Favicons,
    /// Prefix of a page's "Edit this page" link; the page's path under `docs/` is appended.
    #[serde(default)]
    pub edit_url: Option<String>,
    /// Prefix of the link to an example file; its path under `examples/` is appended.
    #[serde(default)]
    pub repository_url: Option<String>,
    #[serde(default)]
    pub navbar: Vec<NavbarItem>,
    #[serde(default)]
    pub footer: Footer,
    #[serde(default)]
    pub toc: TocLevels,
    #[serde(default)]
    pub version: VersionConfig,
    /// Docusaurus's `lastVersion`: the version at the route base (default: the newest of
    /// `versions.json`, else the current docs).
    #[serde(default)]
    pub last_version: Option<String>,
    /// Docusaurus's `onlyIncludeVersions`: build only these versions.
    #[serde(default)]
    pub only_include_versions: Option<Vec<String>>,
    /// Docusaurus's `includeCurrentVersion`: build `docs/` as the version `current`.
    #[serde(default = "yes")]
    pub include_current_version: bool,
    /// Docusaurus's `versions`: per version name (`current`, `1.2`), its label, path, banner,
    /// badge, noIndex and className.
    #[serde(default)]
    pub versions: std::collections::BTreeMap<String, VersionOptions>,
    /// The navbar's version menu (Docusaurus's `docsVersionDropdown` navbar item): shown when
    /// the site has more than one version or this is set.
    #[serde(default)]
    pub docs_version_dropdown: Option<VersionDropdown>,
    /// The largest page file accepted, in bytes: a bound on what one page may cost a build.
    #[serde(default = "default_max_page_bytes")]
    pub max_page_bytes: u64,
    /// The largest file of `static/` or next to a page accepted, in bytes.
    #[serde(default = "default_max_asset_bytes")]
    pub max_asset_bytes: u64,
    /// Admonition keywords besides Docusaurus's defaults (`admonitions: {keywords: [..]}`).
    #[serde(default)]
    pub admonitions: AdmonitionsConfig,
    /// Components the engine does not know that render as their children, with a warning
    /// (for a site moving over; unknown components are errors otherwise).
    #[serde(default)]
    pub children_only_components: Vec<String>,
    /// What embedded frames of an origin may do beyond the defaults (sandbox tokens and
    /// `allow` features), as `[{origin, sandbox: [..], allow: [..]}]`.
    #[serde(default)]
    pub iframes: Vec<IframeOrigin>,
    /// Docusaurus's npm2yarn remark plugin: ```` ```bash npm2yarn ```` blocks as tabs.
    #[serde(default)]
    pub npm2yarn: Option<Npm2YarnConfig>,
    /// Docusaurus's `markdown:` settings: `{mermaid: true}` draws ```` ```mermaid ```` blocks.
    #[serde(default)]
    pub markdown: MarkdownConfig,
    /// The description pages of one folder get when their front matter has none.
    #[serde(default)]
    pub api_description: Option<FolderDescription>,
    /// Docusaurus's `routeBasePath`: the route prefix of every page (`/docs`); `/` by default.
    #[serde(default = "root_route")]
    pub route_base_path: String,
    /// A link to a missing page or file (Docusaurus default: throw).
    #[serde(default = "CheckLevel::throw")]
    pub on_broken_links: CheckLevel,
    /// A link to a missing heading (Docusaurus default: warn).
    #[serde(default = "CheckLevel::warn")]
    pub on_broken_anchors: CheckLevel,
    /// A `.md` link to a missing file (Docusaurus default: warn).
    #[serde(default = "CheckLevel::warn")]
    pub on_broken_markdown_links: CheckLevel,
    /// Old paths kept working (Docusaurus's plugin-client-redirects: `{from, to}`).
    #[serde(default)]
    pub redirects: Vec<RedirectConfig>,
    /// `docsite serve` answers MCP clients (coding agents) at `/mcp`: search, pages as
    /// Markdown, API entries. Off unless set (or `docsite serve --mcp`).
    #[serde(default)]
    pub mcp: bool,
    /// Site components in React: what rendering them may take per build.
    #[serde(default)]
    pub components: ComponentsConfig,
    /// Docusaurus's `customFields`: what site components read from `useDocusaurusContext()`.
    #[serde(default)]
    pub custom_fields: std::collections::BTreeMap<String, serde_json::Value>,
}

/// `components:` in site.yaml: limits on rendering site components, for the whole build (a
/// component that loops or allocates without end is stopped with an error).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ComponentsConfig {
    #[serde(default = "default_time_limit")]
    pub time_limit_seconds: u64,
    #[serde(default = "default_memory_limit")]
    pub memory_limit_mb: u64,
}

impl Default for ComponentsConfig {
    fn default() -> Self {
        ComponentsConfig {
            time_limit_seconds: default_time_limit(),
            memory_limit_mb: default_memory_limit(),
        }
    }
}

fn default_time_limit() -> u64 {
    60
}

fn default_memory_limit() -> u64 {
    512
}

/// Sandbox tokens and `allow` features an origin's frames may use beyond the defaults.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub struct IframeOrigin {
    /// `https://host`: frames whose `src` has this origin.
    pub origin: String,
    #[serde(default)]
    pub sandbox: Vec<String>,
    #[serde(default)]
    pub allow: Vec<String>,
}

/// `npm2yarn: {sync: true, converters: [yarn, pnpm, bun]}`, the plugin's options.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub struct Npm2YarnConfig {
    /// The tabs of every block share a group (`groupId="npm2yarn"`): choosing Yarn in one
    /// chooses it in all.
    #[serde(default)]
    pub sync: bool,
    /// The package managers after npm, in order.
    #[serde(default = "default_converters")]
    pub converters: Vec<String>,
}

fn default_converters() -> Vec<String> {
    ["yarn", "pnpm", "bun"].map(String::from).to_vec()
}

/// One entry of `redirects:`: `{from: /old, to: /new}`, `from` one path or a list. A folder
/// that moved is `{from: /old/*, to: /new/*}`: every page under `/new` is also reached from
/// the same path under `/old`.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RedirectConfig {
    pub from: Paths,
    pub to: String,
}

fn root_route() -> String {
    "/".into()
}

/// `{folder: api, template: "{title} API reference"}`: `{title}` becomes the page's title.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FolderDescription {
    pub folder: String,
    pub template: String,
}

/// What a failed check does, with Docusaurus's values (`log` is taken as `warn`).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum CheckLevel {
    Throw,
    #[serde(alias = "log")]
    Warn,
    Ignore,
}

impl CheckLevel {
    fn throw() -> Self {
        Self::Throw
    }
    fn warn() -> Self {
        Self::Warn
    }
}

/// 4 MiB: twenty times the largest bundled page.
pub const DEFAULT_MAX_PAGE_BYTES: u64 = 4 << 20;

fn default_max_page_bytes() -> u64 {
    DEFAULT_MAX_PAGE_BYTES
}

/// 32 MiB: a large download (the bundled site's whole `static/` is 0.4 MB).
pub const DEFAULT_MAX_ASSET_BYTES: u64 = 32 << 20;

fn default_max_asset_bytes() -> u64 {
    DEFAULT_MAX_ASSET_BYTES
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AdmonitionsConfig {
    #[serde(default)]
    pub keywords: Vec<String>,
}

/// `markdown:` of site.yaml, as Docusaurus's config names it.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MarkdownConfig {
    /// Draw ```` ```mermaid ```` blocks as diagrams (Docusaurus's default: off, the block
    /// stays code). `<Mermaid value>` is drawn either way.
    #[serde(default)]
    pub mermaid: bool,
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TocLevels {
    pub min_heading_level: u8,
    pub max_heading_level: u8,
}

impl Default for TocLevels {
    fn default() -> Self {
        Self {
            min_heading_level: 2,
            max_heading_level: 3,
        }
    }
}

fn yes() -> bool {
    true
}

/// One version's options under `versions:` (Docusaurus's names; each falls back to its default).
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct VersionOptions {
    pub label: Option<String>,
    pub path: Option<String>,
    pub banner: Option<String>,
    pub badge: Option<bool>,
    pub no_index: Option<bool>,
    pub class_name: Option<String>,
}

/// `docsVersionDropdown: {dropdownItemsAfter: [{label, href}]}`: links to versions hosted
/// elsewhere, listed after the site's own.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct VersionDropdown {
    pub dropdown_items_after: Vec<crate::model::ExternalVersion>,
}

/// The version block of site.yaml; every field falls back to the Docusaurus default.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct VersionConfig {
    pub plugin_id: Option<String>,
    pub version: Option<String>,
    pub label: Option<String>,
    pub banner: Option<String>,
    pub badge: Option<bool>,
    pub no_index: Option<bool>,
    pub class_name: Option<String>,
    pub is_last: Option<bool>,
}

impl VersionConfig {
    pub fn resolve(&self) -> Result<VersionMeta, String> {
        let version = self.version.clone().unwrap_or_else(|| "current".into());
        if let Some(b) = &self.banner {
            if b != "unreleased" && b != "unmaintained" {
                return Err(format!(
                    "version banner must be `unreleased`, `unmaintained` or null, not `{b}`"
                ));
            }
        }
        Ok(VersionMeta {
            plugin_id: self.plugin_id.clone().unwrap_or_else(|| "default".into()),
            label: self.label.clone().unwrap_or_else(|| "Next".into()),
            banner: self.banner.clone(),
            badge: self.badge.unwrap_or(false),
            no_index: self.no_index.unwrap_or(false),
            class_name: self
                .class_name
                .clone()
                .unwrap_or_else(|| format!("docs-version-{version}")),
            is_last: self.is_last.unwrap_or(true),
            version,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_defaults() {
        let v = VersionConfig::default().resolve().unwrap();
        assert_eq!(v.plugin_id, "default");
        assert_eq!(v.version, "current");
        assert_eq!(v.label, "Next");
        assert_eq!(v.banner, None);
        assert!(!v.badge && !v.no_index && v.is_last);
        assert_eq!(v.class_name, "docs-version-current");
    }

    #[test]
    fn bad_banner_is_rejected() {
        let v = VersionConfig {
            banner: Some("soon".into()),
            ..Default::default()
        };
        assert!(v.resolve().unwrap_err().contains("soon"));
    }

    #[test]
    fn parses_minimal_config() {
        let c: SiteConfig = serde_norway::from_str("title: T\nurl: https://x.io\n").unwrap();
        assert_eq!(c.toc, TocLevels::default());
        assert!(c.navbar.is_empty());
    }
}

/// `favicon: /favicon.ico` or `favicon: [/favicon.ico, /favicon.svg]`.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(from = "OneOrMany")]
pub struct Favicons(pub Vec<String>);

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

/// One path or a list of them (`from: /a` or `from: [/a, /b]`).
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(from = "OneOrMany")]
pub struct Paths(pub Vec<String>);

impl From<OneOrMany> for Paths {
    fn from(v: OneOrMany) -> Self {
        Paths(Favicons::from(v).0)
    }
}

impl From<OneOrMany> for Favicons {
    fn from(v: OneOrMany) -> Self {
        match v {
            OneOrMany::One(s) => Favicons(vec![s]),
            OneOrMany::Many(v) => Favicons(v),
        }
    }
}
