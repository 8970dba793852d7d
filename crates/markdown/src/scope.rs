//! The names Docusaurus's MDX loader puts in scope of every page: `frontMatter`,
//! `contentTitle` and `toc`. `{frontMatter.description}` shows the front matter value, as
//! Docusaurus does, without a JavaScript runtime.

use docsite_core::frontmatter::FrontMatter;

/// What an expression of the page scope shows: `None` when `expr` is not one
/// (`{1 + 1}`), else its text or why it cannot be shown.
pub(crate) fn value(
    expr: &str,
    front_matter: Option<&FrontMatter>,
    content_title: Option<&str>,
) -> Option<Result<String, String>> {
    let expr = expr.trim();
    if expr == "contentTitle" {
        return Some(Ok(content_title.unwrap_or_default().to_string()));
    }
    if expr == "toc" {
        return Some(Err(
            "`{toc}` is a list of headings, not text: pass it to `<TOCInline toc={toc} />`".into(),
        ));
    }
    let key = front_matter_key(expr)?;
    let fm = front_matter.cloned().unwrap_or_default();
    Some(front_matter_value(&fm, &key).map(|v| v.unwrap_or_default()))
}

/// `frontMatter.key`, `frontMatter['key']` or `frontMatter["key"]` → `key`.
fn front_matter_key(expr: &str) -> Option<String> {
    let rest = expr.strip_prefix("frontMatter")?.trim_start();
    if let Some(name) = rest.strip_prefix('.') {
        let name = name.trim();
        let plain = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
        return plain.then(|| name.to_string());
    }
    let inner = rest.strip_prefix('[')?.strip_suffix(']')?;
    crate::js_string::whole(inner)
}

/// The text of a front matter value: strings, numbers and booleans as JavaScript prints them;
/// a missing key shows nothing (`undefined` renders nothing), a list or map is an error.
fn front_matter_value(fm: &FrontMatter, key: &str) -> Result<Option<String>, String> {
    let text = |v: &Option<String>| Ok(v.clone());
    match key {
        "id" => text(&fm.id),
        "title" => text(&fm.title),
        "description" => text(&fm.description),
        "slug" => text(&fm.slug),
        "sidebar_label" => text(&fm.sidebar_label),
        "sidebar_class_name" => text(&fm.sidebar_class_name),
        "displayed_sidebar" => text(&fm.displayed_sidebar),
        "image" => text(&fm.image),
        "sidebar_position" => Ok(fm.sidebar_position.map(|n| format!("{n}"))),
        "unlisted" => Ok(Some(fm.unlisted.to_string())),
        "hide_title" => Ok(Some(fm.hide_title.to_string())),
        "hide_table_of_contents" => Ok(Some(fm.hide_table_of_contents.to_string())),
        _ => match fm.unknown.get(key) {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(serde_json::Value::String(s)) => Ok(Some(s.clone())),
            Some(v @ (serde_json::Value::Number(_) | serde_json::Value::Bool(_))) => {
                Ok(Some(v.to_string()))
            }
            Some(_) => Err(format!(
                "`frontMatter.{key}` is a list or map, which only a JavaScript runtime can show"
            )),
        },
    }
    .and_then(|v| match (key, v) {
        ("keywords" | "tags", _) => Err(format!(
            "`frontMatter.{key}` is a list, which only a JavaScript runtime can show"
        )),
        (_, v) => Ok(v),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_matter_and_content_title_show_their_values() {
        let fm: FrontMatter = docsite_core::frontmatter::parse(
            "",
            "title: T\ndescription: D\nversion: 3\nnested: [a]",
        )
        .unwrap();
        let v = |e: &str| value(e, Some(&fm), Some("Heading"));
        assert_eq!(v("frontMatter.description"), Some(Ok("D".into())));
        assert_eq!(v(" frontMatter['title'] "), Some(Ok("T".into())));
        assert_eq!(v("frontMatter.version"), Some(Ok("3".into())));
        assert_eq!(v("frontMatter.missing"), Some(Ok(String::new())));
        assert_eq!(v("contentTitle"), Some(Ok("Heading".into())));
        assert!(matches!(v("frontMatter.nested"), Some(Err(_))));
        assert!(matches!(v("frontMatter.keywords"), Some(Err(_))));
        assert!(matches!(v("toc"), Some(Err(_))));
        assert_eq!(v("frontMatter.title + 1"), None);
        assert_eq!(v("1 + 1"), None);
    }
}
