//! Files next to pages (images, downloads) under `docs/`: served under `/assets/` with a
//! content hash in the name, as Docusaurus does, so a page can link them relatively.

use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

const IMAGE_EXTENSIONS: &[&str] = &["png", "jpg", "jpeg", "gif", "svg", "webp", "avif", "ico"];

/// Files a browser would run as a page or a script. Under our origin they could run script
/// beside the site, so they are never served from `docs/` (in a Docusaurus docs folder they are
/// components for its bundler); a link to one is a broken link. SVG files are served, with the
/// no-script policy of `security.rs`.
const ACTIVE_EXTENSIONS: &[&str] = &[
    "html", "htm", "shtml", "xhtml", "xht", "xml", "xsl", "xslt", "js", "mjs", "cjs", "jsx", "ts",
    "tsx", "mts", "cts",
];

/// Whether a file under `docs/` is served as an asset (see [`ACTIVE_EXTENSIONS`]).
pub fn is_servable(name: &str) -> bool {
    let ext = name.rsplit_once('.').map_or("", |(_, e)| e);
    !ACTIVE_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str())
}

/// Path under `docs/` → the URL the file is served at.
pub type AssetUrls = HashMap<String, String>;

/// `img/logo.svg` with its bytes → `/assets/images/logo-1a2b3c4d.svg` (other files go under
/// `/assets/files/`).
pub fn asset_url(rel: &str, bytes: &[u8]) -> String {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    let (stem, ext) = name.rsplit_once('.').unwrap_or((name, ""));
    let hash: String = Sha256::digest(bytes)
        .iter()
        .take(4)
        .map(|b| format!("{b:02x}"))
        .collect();
    let kind = if IMAGE_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str()) {
        "images"
    } else {
        "files"
    };
    let safe = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '-'
                }
            })
            .collect()
    };
    let (safe, ext) = (safe(stem), safe(ext));
    if ext.is_empty() {
        format!("/assets/{kind}/{safe}-{hash}")
    } else {
        format!("/assets/{kind}/{safe}-{hash}.{ext}")
    }
}

pub fn urls(assets: &BTreeMap<String, Arc<Vec<u8>>>) -> AssetUrls {
    assets
        .iter()
        .map(|(rel, bytes)| (rel.clone(), asset_url(rel, bytes)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names_by_kind() {
        let a = asset_url("guides/img/My Logo.svg", b"<svg/>");
        assert!(
            a.starts_with("/assets/images/My-Logo-") && a.ends_with(".svg"),
            "{a}"
        );
        assert_ne!(a, asset_url("guides/img/My Logo.svg", b"<svg></svg>"));
        assert!(asset_url("files/data.csv", b"x").starts_with("/assets/files/data-"));
        assert!(asset_url("a.p\"ng", b"x").ends_with(".p-ng"));
    }

    #[test]
    fn pages_and_scripts_are_not_served() {
        for name in [
            "evil.html",
            "x.HTM",
            "c.js",
            "Comp.tsx",
            "feed.xml",
            "a.xhtml",
        ] {
            assert!(!is_servable(name), "{name}");
        }
        for name in ["a.png", "b.svg", "data.csv", "archive.zip", "README"] {
            assert!(is_servable(name), "{name}");
        }
    }
}
