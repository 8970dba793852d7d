//! Front matter: the typed contract at the top of every page.

use crate::diagnostic::Diagnostic;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The Docusaurus front matter keys the site understands.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct FrontMatter {
    pub id: Option<String>,
    pub title: Option<String>,
    pub description: Option<String>,
    pub slug: Option<String>,
    pub sidebar_label: Option<String>,
    pub sidebar_position: Option<f64>,
    pub sidebar_class_name: Option<String>,
    #[serde(default, deserialize_with = "crate::json_order::deserialize_sorted")]
    pub sidebar_custom_props: Option<serde_json::Value>,
    /// The sidebar shown with the page, whichever sidebars list it.
    pub displayed_sidebar: Option<String>,
    pub unlisted: bool,
    pub hide_title: bool,
    pub hide_table_of_contents: bool,
    pub toc_min_heading_level: Option<u8>,
    pub toc_max_heading_level: Option<u8>,
    /// `Some(None)` when set to null: no link at all.
    #[serde(deserialize_with = "explicit_null")]
    pub pagination_next: Option<Option<String>>,
    #[serde(deserialize_with = "explicit_null")]
    pub pagination_prev: Option<Option<String>>,
    /// `<meta name="keywords">` of the page.
    pub keywords: Vec<String>,
    /// The page's social card (`og:image`): a file under `static/` or an https URL.
    pub image: Option<String>,
    pub tags: Vec<String>,
    pub last_update: Option<LastUpdate>,
    /// Keys the site does not know; reported as warnings.
    #[serde(flatten)]
    pub unknown: BTreeMap<String, serde_json::Value>,
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct LastUpdate {
    pub date: Option<String>,
    pub author: Option<String>,
}

fn explicit_null<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Option<String>>, D::Error> {
    Ok(Some(Option::deserialize(d)?))
}

/// A page's text split into front matter and body.
#[derive(Debug, Clone, PartialEq)]
pub struct Split<'a> {
    pub yaml: Option<&'a str>,
    pub body: &'a str,
    /// Lines before the body starts, so body line N is file line N + body_line_offset.
    pub body_line_offset: usize,
}

/// Separates `---` front matter from the body. An opening fence without a closing one is an error.
pub fn split(source: &str) -> Result<Split<'_>, Diagnostic> {
    let Some(rest) = source
        .strip_prefix("---")
        .filter(|r| r.starts_with('\n') || r.starts_with("\r\n"))
    else {
        return Ok(Split {
            yaml: None,
            body: source,
            body_line_offset: 0,
        });
    };
    let first_break = rest.find('\n').unwrap_or(0) + 1;
    let rest = &rest[first_break..];
    let rest_start = source.len() - rest.len();
    let mut offset = rest_start;
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "---" {
            let yaml = &source[rest_start..offset];
            let body = &source[offset + line.len()..];
            let body_line_offset = source[..offset + line.len()].matches('\n').count();
            return Ok(Split {
                yaml: Some(yaml),
                body,
                body_line_offset,
            });
        }
        offset += line.len();
    }
    Err(Diagnostic::error("front matter is not closed")
        .at(source, 1, 1)
        .with_hint("did you forget the closing `---`?"))
}

/// Parses front matter YAML; the diagnostic points at the offending line of the file.
pub fn parse(source: &str, yaml: &str) -> Result<FrontMatter, Diagnostic> {
    if yaml.trim().is_empty() {
        return Ok(FrontMatter::default());
    }
    serde_norway::from_str::<FrontMatter>(yaml).map_err(|e| {
        // The YAML starts on line 2 of the file, after the opening `---`.
        let (line, col) = e
            .location()
            .map(|l| (l.line() + 1, l.column()))
            .unwrap_or((2, 1));
        let message = e.to_string();
        let message = message
            .split(" at line ")
            .next()
            .unwrap_or(&message)
            .to_string();
        Diagnostic::error(format!("invalid front matter: {message}"))
            .at(source, line, col)
            .with_hint(
                "front matter is YAML between two `---` lines; quote values that contain `:`",
            )
    })
}

/// Warnings for keys the site does not understand (typos such as `sidebar_postion`).
pub fn unknown_key_warnings(fm: &FrontMatter, source: &str) -> Vec<Diagnostic> {
    // A key the page shows (`{frontMatter.audience}`) is used, not passed over.
    let shown = |key: &str| {
        let dotted = format!("frontMatter.{key}");
        let whole_name = source.match_indices(&dotted).any(|(at, _)| {
            !source[at + dotted.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
        });
        whole_name
            || [
                format!("frontMatter['{key}']"),
                format!("frontMatter[\"{key}\"]"),
            ]
            .iter()
            .any(|r| source.contains(r.as_str()))
    };
    fm.unknown
        .keys()
        .filter(|key| !shown(key))
        .map(|key| {
            let line = source
                .lines()
                .position(|l| l.starts_with(&format!("{key}:")))
                .map_or(1, |i| i + 1);
            Diagnostic::warning(format!("unknown front matter key `{key}`")).at(source, line, 1)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_front_matter_and_counts_lines() {
        let src = "---\ntitle: A\n---\n# Body\n";
        let s = split(src).unwrap();
        assert_eq!(s.yaml, Some("title: A\n"));
        assert_eq!(s.body, "# Body\n");
        assert_eq!(s.body_line_offset, 3);
    }

    #[test]
    fn no_front_matter_is_fine() {
        let s = split("# Hi\n").unwrap();
        assert_eq!(s.yaml, None);
        assert_eq!(s.body_line_offset, 0);
    }

    #[test]
    fn unclosed_front_matter_is_an_error_with_hint() {
        let e = split("---\ntitle: A\n# Body\n").unwrap_err();
        assert!(e.message.contains("not closed"));
        assert_eq!(e.line, 1);
        assert!(e.hint.unwrap().contains("closing `---`"));
    }

    #[test]
    fn parses_typed_keys() {
        let src = "---\ntitle: A\nsidebar_position: 3\nunlisted: true\npagination_next: null\nsidebar_custom_props:\n  logo: /x.svg\n---\n";
        let s = split(src).unwrap();
        let fm = parse(src, s.yaml.unwrap()).unwrap();
        assert_eq!(fm.title.as_deref(), Some("A"));
        assert_eq!(fm.sidebar_position, Some(3.0));
        assert!(fm.unlisted);
        assert_eq!(fm.pagination_next, Some(None));
        assert_eq!(fm.pagination_prev, None);
        assert_eq!(fm.sidebar_custom_props.unwrap()["logo"], "/x.svg");
    }

    #[test]
    fn wrong_type_points_at_the_line() {
        let src = "---\ntitle: A\nunlisted: [1, 2]\n---\n";
        let s = split(src).unwrap();
        let e = parse(src, s.yaml.unwrap()).unwrap_err();
        assert_eq!(e.line, 3, "{e}");
        assert!(e.message.starts_with("invalid front matter"));
    }

    #[test]
    fn unknown_keys_warn() {
        let src = "---\ntitle: A\nsidebar_postion: 3\n---\n";
        let s = split(src).unwrap();
        let fm = parse(src, s.yaml.unwrap()).unwrap();
        let w = unknown_key_warnings(&fm, src);
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].line, 3);
        // A key the page shows is used; a longer name that starts with it does not count.
        let src = "---\naudience: ops\naud: x\n---\n{frontMatter.audience}\n";
        let fm = parse(src, split(src).unwrap().yaml.unwrap()).unwrap();
        let w = unknown_key_warnings(&fm, src);
        assert_eq!(w.len(), 1);
        assert!(w[0].message.contains("`aud`"), "{}", w[0].message);
    }
}
