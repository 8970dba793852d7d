//! Files next to pages (images, downloads) under `docs/`: served under `/assets/` with a
//! content hash in the name, as Docusaurus does, so a page can link them relatively.

use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};

const IMAGE_EXTENSIONS: &[&str] = &["png", "jpg", "jpeg", "gif", "svg", "webp", "avif", "ico"];

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
    let safe: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    if ext.is_empty() {
        format!("/assets/{kind}/{safe}-{hash}")
    } else {
        format!("/assets/{kind}/{safe}-{hash}.{ext}")
    }
}

pub fn urls(assets: &BTreeMap<String, Vec<u8>>) -> AssetUrls {
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
    }
}
