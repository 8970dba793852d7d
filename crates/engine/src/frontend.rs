//! The built reading app (`web/dist`): its files, and the entry scripts and styles that every
//! HTML document links.

use regex::Regex;

#[derive(Debug, Clone, Default)]
pub struct Frontend {
    /// Path under the output (`assets/index-1a2b.js`) → bytes. `index.html` is not among them.
    pub files: Vec<(String, Vec<u8>)>,
    pub scripts: Vec<String>,
    pub styles: Vec<String>,
    pub preloads: Vec<String>,
    /// The server side of site components (`.islands/server.js`: React's server renderer and
    /// the shims), run by the engine, never served.
    pub island_server: Option<std::sync::Arc<str>>,
}

impl Frontend {
    /// Reads the entry tags out of Vite's `index.html`, keeping every other file.
    pub fn from_files(files: Vec<(String, Vec<u8>)>) -> Self {
        let mut frontend = Frontend::default();
        for (path, bytes) in files {
            if path == "index.html" {
                let html = String::from_utf8_lossy(&bytes);
                frontend.scripts =
                    attr_values(&html, r#"<script[^>]*type="module"[^>]*src="([^"]+)""#);
                frontend.styles =
                    attr_values(&html, r#"<link[^>]*rel="stylesheet"[^>]*href="([^"]+)""#);
                frontend.preloads =
                    attr_values(&html, r#"<link[^>]*rel="modulepreload"[^>]*href="([^"]+)""#);
            } else if path == ".islands/server.js" {
                frontend.island_server = Some(String::from_utf8_lossy(&bytes).into());
            } else if !path.starts_with('.') {
                frontend.files.push((path, bytes));
            }
        }
        frontend
    }

    pub fn is_empty(&self) -> bool {
        self.scripts.is_empty() && self.styles.is_empty()
    }
}

fn attr_values(html: &str, pattern: &str) -> Vec<String> {
    let re = Regex::new(pattern).expect("valid pattern");
    re.captures_iter(html).map(|c| c[1].to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_entry_tags() {
        let html = r#"<head><script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-1.js"><link rel="stylesheet" crossorigin href="/assets/index-def.css"></head>"#;
        let f = Frontend::from_files(vec![
            ("index.html".into(), html.as_bytes().to_vec()),
            ("assets/index-abc.js".into(), b"x".to_vec()),
        ]);
        assert_eq!(f.scripts, ["/assets/index-abc.js"]);
        assert_eq!(f.styles, ["/assets/index-def.css"]);
        assert_eq!(f.preloads, ["/assets/vendor-1.js"]);
        assert_eq!(f.files.len(), 1);
    }
}
