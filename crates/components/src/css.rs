//! Stylesheets site components import: CSS modules (`x.module.css`, each class renamed for its
//! file, the JavaScript side given the map) and plain CSS (`import 'pkg/dist/x.css'`), both
//! gathered into one stylesheet for the site.

use std::collections::BTreeMap;

/// A CSS module's text with its classes renamed, and the map from each class to its new name.
pub fn scope(id: &str, css: &str) -> (String, BTreeMap<String, String>) {
    let suffix = &crate::hash_hex(id.as_bytes())[..6];
    let stem = id
        .rsplit('/')
        .next()
        .unwrap_or(id)
        .trim_end_matches(".module.css");
    let mut classes = BTreeMap::new();
    let mut out = String::with_capacity(css.len() + 64);
    let bytes = css.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        // Comments and strings are copied as they are.
        if css[i..].starts_with("/*") {
            let end = css[i + 2..]
                .find("*/")
                .map(|e| i + 2 + e + 2)
                .unwrap_or(css.len());
            out.push_str(&css[i..end]);
            i = end;
            continue;
        }
        let c = bytes[i];
        if c == b'"' || c == b'\'' {
            let end = css[i + 1..]
                .find(c as char)
                .map(|e| i + 1 + e + 1)
                .unwrap_or(css.len());
            out.push_str(&css[i..end]);
            i = end;
            continue;
        }
        // `.name`, not after a word character or digit (`a.png`, `0.5em` are not classes).
        let prev = if i == 0 { b' ' } else { bytes[i - 1] };
        let starts_name = |b: u8| b.is_ascii_alphabetic() || b == b'_' || b == b'-';
        if c == b'.'
            && !(prev.is_ascii_alphanumeric() || prev == b'_' || prev == b'-')
            && bytes.get(i + 1).copied().is_some_and(starts_name)
        {
            let len = css[i + 1..]
                .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_' || ch == '-'))
                .unwrap_or(css.len() - i - 1);
            let name = &css[i + 1..i + 1 + len];
            let scoped = format!("{stem}_{name}__{suffix}");
            out.push('.');
            out.push_str(&scoped);
            classes.insert(name.to_string(), scoped);
            i += 1 + len;
            continue;
        }
        let ch = css[i..].chars().next().expect("in bounds");
        out.push(ch);
        i += ch.len_utf8();
    }
    (out, classes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renames_classes_but_not_numbers_or_file_names() {
        let (css, map) = scope(
            "src/components/Card.module.css",
            ".card { margin: 0.5em; background: url(a.png) } .card .title:hover{}",
        );
        let card = &map["card"];
        assert!(card.starts_with("Card_card__"), "{card}");
        assert!(
            css.contains(&format!(".{card} .{}:hover", map["title"])),
            "{css}"
        );
        assert!(css.contains("0.5em") && css.contains("url(a.png)"));
    }
}
