//! What a page's `<head>` (read by the renderer from its allow-list) adds to its document: its
//! title, and `<meta>` and `<link>` tags that take the place of the defaults they name.

use docsite_core::model::{PageData, SiteData};
use docsite_markdown::{escape_attr, HeadTag};

/// The page's own `<title>`, if it gives one (the last wins, as in a browser's head).
pub(crate) fn title(head: &[HeadTag]) -> Option<String> {
    head.iter().rev().find_map(|t| match t {
        HeadTag::Title(t) => Some(t.clone()),
        _ => None,
    })
}

/// Whether the page's head has a `<meta>` or `<link>` whose `attr` is `value`
/// (`name="description"`, `rel="canonical"`): the document's default one then gives way.
fn overrides(head: &[HeadTag], attr: &str, value: &str) -> bool {
    head.iter().any(|t| match t {
        HeadTag::Meta(a) | HeadTag::Link(a) => a
            .iter()
            .any(|(n, v)| n == attr && v.eq_ignore_ascii_case(value)),
        HeadTag::Title(_) => false,
    })
}

/// The `<meta>` and `<link>` tags of the page's head.
fn write(h: &mut String, head: &[HeadTag]) {
    for tag in head {
        let (name, attrs) = match tag {
            HeadTag::Meta(a) => ("meta", a),
            HeadTag::Link(a) => ("link", a),
            HeadTag::Title(_) => continue,
        };
        h.push('<');
        h.push_str(name);
        for (attr, value) in attrs {
            h.push_str(&format!(" {attr}=\"{}\"", escape_attr(value)));
        }
        h.push_str(">\n");
    }
}

/// The description, keywords and canonical link (each unless the page's head gives its own),
/// then the page's own `<meta>` and `<link>` tags.
pub(crate) fn description_and_canonical(
    h: &mut String,
    page: &PageData,
    canonical: &str,
    head: &[HeadTag],
) {
    if !overrides(head, "name", "description") {
        h.push_str(&format!(
            "<meta name=\"description\" content=\"{}\">\n",
            escape_attr(&page.description)
        ));
    }
    if let Some(keywords) = &page.keywords {
        h.push_str(&format!(
            "<meta name=\"keywords\" content=\"{}\">\n",
            escape_attr(&keywords.join(", "))
        ));
    }
    if !overrides(head, "rel", "canonical") {
        h.push_str(&format!(
            "<link rel=\"canonical\" href=\"{}\">\n",
            escape_attr(canonical)
        ));
    }
    write(h, head);
}

/// The Open Graph tags, each unless the page's head gives its own.
pub(crate) fn open_graph(
    h: &mut String,
    site: &SiteData,
    page: &PageData,
    canonical: &str,
    head: &[HeadTag],
) {
    for (property, value) in [
        ("og:title", page.title.as_str()),
        ("og:description", page.description.as_str()),
        ("og:url", canonical),
        ("og:type", "article"),
        ("og:site_name", site.title.as_str()),
    ]
    .into_iter()
    .chain(page.image.as_deref().map(|i| ("og:image", i)))
    {
        if overrides(head, "property", property) {
            continue;
        }
        h.push_str(&format!(
            "<meta property=\"{property}\" content=\"{}\">\n",
            escape_attr(value)
        ));
    }
}
