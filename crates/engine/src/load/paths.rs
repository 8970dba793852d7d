//! Paths and routes as strings: joining, `.` and `..` removed, trailing slashes; the URL of an
//! image named in front matter or a sidebars file.

use std::collections::BTreeMap;
use std::sync::Arc;

pub(crate) fn join(dir: &str, rel: &str) -> String {
    if dir.is_empty() {
        rel.to_string()
    } else {
        format!("{dir}/{rel}")
    }
}

/// Removes `.` and `..` segments.
pub(crate) fn normalise(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    parts.join("/")
}

pub(crate) fn trim_slash(path: &str) -> &str {
    match path.trim_end_matches('/') {
        "" => "/",
        p => p,
    }
}

/// The absolute URL of a page's social card (`image` in front matter or in a `generated-index`
/// link), as Docusaurus makes `og:image`: an http(s) URL as written, else a file under `static/`
/// (`/img/a.png` and `img/a.png` alike) under the site's URL. Anything else is an error message.
pub(crate) fn image_url(
    image: &str,
    site_url: &str,
    static_files: &BTreeMap<String, Arc<Vec<u8>>>,
) -> Result<String, String> {
    match docsite_markdown::sanitize::url_scheme(image).as_deref() {
        Some("https" | "http") => Ok(image.to_string()),
        Some(other) => Err(format!(
            "image `{image}`: the URL scheme `{other}:` is not allowed"
        )),
        None => {
            let path = normalise(image.split(['?', '#']).next().unwrap_or_default());
            if static_files.contains_key(&path) {
                Ok(format!("{}/{path}", site_url.trim_end_matches('/')))
            } else {
                Err(format!("image `{image}` is not a file under static/"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_static_files_or_web_urls() {
        let files: BTreeMap<String, Arc<Vec<u8>>> =
            [("img/card.png".to_string(), Arc::default())].into();
        let url = |i: &str| image_url(i, "https://docs.example/", &files);
        assert_eq!(
            url("/img/card.png").unwrap(),
            "https://docs.example/img/card.png"
        );
        assert_eq!(
            url("img/card.png").unwrap(),
            "https://docs.example/img/card.png"
        );
        assert_eq!(
            url("https://cdn.example/a.png").unwrap(),
            "https://cdn.example/a.png"
        );
        assert!(url("/img/missing.png")
            .unwrap_err()
            .contains("not a file under static/"));
        assert!(url("javascript:alert(1)")
            .unwrap_err()
            .contains("`javascript:`"));
    }
}
