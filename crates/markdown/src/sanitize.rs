//! What raw HTML in a page may contain: an allow-list of elements, attributes and URL schemes.
//! Anything not listed is refused with an error naming it, and every element that passes is
//! serialised again through `ammonia` configured from the same lists, so a gap in our checks
//! still cannot emit a script. To allow more HTML, add it to the tables below.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

/// Elements passed through, with the attributes each may carry beyond [`GLOBAL_ATTRIBUTES`].
pub const ELEMENTS: &[(&str, &[&str])] = &[
    ("a", &["href", "title", "target", "rel"]),
    ("abbr", &["title"]),
    (
        "audio",
        &["src", "controls", "autoplay", "loop", "muted", "preload"],
    ),
    ("b", &[]),
    ("blockquote", &["cite"]),
    ("br", &[]),
    ("caption", &[]),
    ("cite", &[]),
    ("code", &[]),
    ("col", &["span", "width"]),
    ("colgroup", &["span"]),
    ("dd", &[]),
    ("del", &["cite", "datetime"]),
    ("details", &["open"]),
    ("div", &[]),
    ("dl", &[]),
    ("dt", &[]),
    ("em", &[]),
    ("figcaption", &[]),
    ("figure", &[]),
    ("h1", &[]),
    ("h2", &[]),
    ("h3", &[]),
    ("h4", &[]),
    ("h5", &[]),
    ("h6", &[]),
    ("hr", &[]),
    ("i", &[]),
    // Always sandboxed and lazy, https only: see `iframes.rs` and `iframe_src_problem`.
    (
        "iframe",
        &[
            "src",
            "width",
            "height",
            "allow",
            "allowfullscreen",
            "frameborder",
            "referrerpolicy",
            "sandbox",
            "loading",
            "title",
            "name",
            "scrolling",
            // What embed codes still carry for old browsers (Loom's, Vimeo's).
            "webkitallowfullscreen",
            "mozallowfullscreen",
            "allowtransparency",
        ],
    ),
    (
        "img",
        &[
            "src", "srcset", "sizes", "alt", "title", "width", "height", "loading",
        ],
    ),
    ("ins", &["cite", "datetime"]),
    ("kbd", &[]),
    ("li", &["value"]),
    ("mark", &[]),
    ("ol", &["start", "type", "reversed"]),
    ("p", &[]),
    ("picture", &[]),
    ("pre", &[]),
    ("q", &["cite"]),
    ("s", &[]),
    ("samp", &[]),
    ("section", &[]),
    ("small", &[]),
    (
        "source",
        &["src", "srcset", "sizes", "type", "media", "width", "height"],
    ),
    ("span", &[]),
    ("strong", &[]),
    ("sub", &[]),
    ("summary", &[]),
    ("sup", &[]),
    ("table", &[]),
    ("tbody", &[]),
    ("td", &["colspan", "rowspan", "align"]),
    ("tfoot", &[]),
    ("th", &["colspan", "rowspan", "align", "scope"]),
    ("thead", &[]),
    ("tr", &[]),
    ("track", &["src", "kind", "srclang", "label", "default"]),
    ("u", &[]),
    ("ul", &[]),
    ("var", &[]),
    (
        "video",
        &[
            "src",
            "poster",
            "controls",
            "autoplay",
            "loop",
            "muted",
            "playsinline",
            "preload",
            "width",
            "height",
        ],
    ),
    ("wbr", &[]),
];

/// Elements refused by name, with a message saying so rather than "unknown component".
pub const REFUSED_ELEMENTS: &[&str] = &[
    "script", "style", "object", "embed", "form", "input", "button", "link", "meta", "base",
    "frame", "frameset", "svg", "math", "template",
];

/// Attributes any allowed element may carry (`aria-*` is allowed too). `style` is not among
/// them: it passes only through the HTML writer's checks of each declaration (`css.rs`), which
/// keep a style from laying a full-page overlay over the site.
pub const GLOBAL_ATTRIBUTES: &[&str] = &["class", "id", "title", "lang", "dir", "role"];

/// Ids of the engine's HTML skeleton and the reading app start with this (`__docsite`,
/// `__docsite-data`, `__docsite-content`, the app's own ids). The app finds its data and its
/// container by id, so an element of a page with such an id could stand in for them.
pub const APP_ID_PREFIX: &str = "__docsite";

/// The other ids of the skeleton: `#main` is the target of its skip link.
pub const SKELETON_IDS: &[&str] = &["main"];

/// Why content may not use `id`, if it may not: it is one of the reading app's (compared in any
/// case, so no case trick gets near them).
pub fn id_problem(id: &str) -> Option<String> {
    let lower = id.to_ascii_lowercase();
    let reserved =
        lower.starts_with(APP_ID_PREFIX) || SKELETON_IDS.iter().any(|s| *s == lower.as_str());
    reserved.then(|| {
        format!(
            "the id `{id}` is reserved for the reading app (ids starting with `{APP_ID_PREFIX}`, and {})",
            SKELETON_IDS
                .iter()
                .map(|s| format!("`{s}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

/// Attributes holding a URL, whose scheme must be one of [`URL_SCHEMES`].
pub const URL_ATTRIBUTES: &[&str] = &["href", "src", "cite", "poster"];

/// Whether `attr` holds a URL (see [`URL_ATTRIBUTES`]), in any case.
pub fn is_url_attribute(attr: &str) -> bool {
    URL_ATTRIBUTES.iter().any(|a| a.eq_ignore_ascii_case(attr))
}

/// Schemes a link or image may use; a URL without a scheme is relative and always allowed.
pub const URL_SCHEMES: &[&str] = &["http", "https", "mailto", "tel"];

/// Elements with no content or end tag. (`srcset` holds a list of URLs; the HTML writer checks
/// each like a `src`.)
pub const VOID_ELEMENTS: &[&str] = &["br", "col", "hr", "img", "source", "track", "wbr"];

/// Why an iframe may not show `src`, if it may not: only https pages are embedded.
pub fn iframe_src_problem(src: &str) -> Option<String> {
    (url_scheme(src).as_deref() != Some("https"))
        .then(|| format!("an iframe's `src` must be an https URL, not `{src}`"))
}

pub fn is_allowed_element(tag: &str) -> bool {
    ELEMENTS.iter().any(|(t, _)| *t == tag)
}

/// Why `attr` may not appear on `tag`, if it may not. Names compare case-insensitively, as
/// browsers read them (`ONCLICK` is `onclick`).
pub fn attribute_problem(tag: &str, attr: &str) -> Option<String> {
    let lower = attr.to_ascii_lowercase();
    if lower.starts_with("on") {
        return Some(format!("event handler `{attr}` is not allowed in content"));
    }
    let own = ELEMENTS
        .iter()
        .find(|(t, _)| *t == tag)
        .map_or(&[][..], |(_, a)| a);
    let allowed = GLOBAL_ATTRIBUTES.contains(&lower.as_str())
        || own.contains(&lower.as_str())
        || (lower.starts_with("aria-") && lower.len() > 5);
    (!allowed).then(|| format!("attribute `{attr}` is not allowed on `<{tag}>`"))
}

/// The scheme of a URL as a browser parses it (WHATWG): leading and trailing spaces and control
/// characters are ignored and tabs and newlines anywhere are removed, so `" Java\tScript:"`
/// has the scheme `javascript`. `None` for a relative URL.
pub fn url_scheme(url: &str) -> Option<String> {
    let trimmed = url.trim_matches(|c: char| c <= ' ');
    // Only what comes before the first colon is read: every link of every page of every
    // version is checked, and most have no colon at all.
    let (before, _) = trimmed.split_once(':')?;
    let scheme: String = before
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let mut chars = scheme.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    valid.then(|| scheme.to_ascii_lowercase())
}

/// Why a URL may not be emitted, if it may not: an unknown scheme (`javascript:`, `data:`,
/// `vbscript:` and the like).
pub fn url_problem(url: &str) -> Option<String> {
    let scheme = url_scheme(url)?;
    (!URL_SCHEMES.contains(&scheme.as_str())).then(|| {
        format!(
            "the URL scheme `{scheme}:` is not allowed (allowed: {})",
            URL_SCHEMES.join(", ")
        )
    })
}

/// Re-serialises one element's opening tag through ammonia, configured from the lists above.
/// `open` is `<tag a="v">` with values already escaped; the result is the cleaned opening tag.
pub fn clean_open_tag(tag: &str, open: &str) -> String {
    let fragment = format!("{open}</{tag}>");
    let cleaned = sanitiser().clean(&fragment).to_string();
    let end = cleaned.find('>').map_or(cleaned.len(), |i| i + 1);
    let tag_only = &cleaned[..end];
    if VOID_ELEMENTS.contains(&tag) {
        format!("{} />", tag_only.trim_end_matches('>'))
    } else {
        tag_only.to_string()
    }
}

/// A whole fragment cleaned by the sanitiser: what it does not allow is dropped.
pub(crate) fn clean(fragment: &str) -> String {
    sanitiser().clean(fragment).to_string()
}

fn sanitiser() -> &'static ammonia::Builder<'static> {
    static BUILDER: OnceLock<ammonia::Builder<'static>> = OnceLock::new();
    BUILDER.get_or_init(|| {
        let mut b = ammonia::Builder::empty();
        b.tags(ELEMENTS.iter().map(|(t, _)| *t).collect())
            .tag_attributes(
                ELEMENTS
                    .iter()
                    .map(|(t, a)| (*t, a.iter().copied().collect::<HashSet<_>>()))
                    .collect::<HashMap<_, _>>(),
            )
            .generic_attributes(GLOBAL_ATTRIBUTES.iter().copied().chain(["style"]).collect())
            // A second line behind `css.rs`: only its properties survive in a `style`.
            .filter_style_properties(crate::css::PROPERTIES.iter().copied().collect())
            .generic_attribute_prefixes(["aria-"].into_iter().collect())
            .url_schemes(URL_SCHEMES.iter().copied().collect())
            .url_relative(ammonia::UrlRelative::PassThrough)
            .link_rel(None)
            // Set again here, so no path through the writer can leave an iframe eager.
            .set_tag_attribute_value("iframe", "loading", "lazy")
            .strip_comments(true);
        b
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The scheme read from before the first colon is the one read from the whole URL
        /// with its tabs and newlines taken out.
        #[test]
        fn the_scheme_is_read_from_before_the_first_colon(
            url in "[ \\t\\n\\r\\x01aJ+.:/#?-]{0,12}"
        ) {
            let cleaned: String = url
                .trim_matches(|c: char| c <= ' ')
                .chars()
                .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
                .collect();
            let expected = cleaned.find(':').and_then(|colon| {
                let scheme = &cleaned[..colon];
                let mut chars = scheme.chars();
                let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                    && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
                valid.then(|| scheme.to_ascii_lowercase())
            });
            proptest::prop_assert_eq!(url_scheme(&url), expected);
        }
    }

    #[test]
    fn schemes_are_parsed_as_browsers_do() {
        assert_eq!(
            url_scheme("javascript://%0Aalert(1)").as_deref(),
            Some("javascript")
        );
        assert_eq!(
            url_scheme(" Java\tScript:alert(1)").as_deref(),
            Some("javascript")
        );
        assert_eq!(
            url_scheme("\u{1}javascript:x").as_deref(),
            Some("javascript")
        );
        assert_eq!(url_scheme("HTTPS://x").as_deref(), Some("https"));
        assert_eq!(url_scheme("/a/b:c"), None);
        assert_eq!(url_scheme("./x.md"), None);
        assert_eq!(url_scheme("#a:b"), None);
        assert!(url_problem("JavaScript://x").is_some());
        assert!(url_problem("data:text/html,x").is_some());
        assert!(url_problem("https://x").is_none());
        assert!(url_problem("mailto:a@b").is_none());
    }

    #[test]
    fn attributes_are_an_allow_list_without_case_tricks() {
        assert!(attribute_problem("div", "ONCLICK").is_some());
        assert!(attribute_problem("img", "OnError").is_some());
        assert!(attribute_problem("div", "style").is_some());
        assert!(attribute_problem("div", "srcdoc").is_some());
        assert!(attribute_problem("div", "class").is_none());
        assert!(attribute_problem("div", "aria-label").is_none());
        assert!(attribute_problem("img", "src").is_none());
        assert!(attribute_problem("div", "src").is_some());
    }

    #[test]
    fn ammonia_cleans_what_slips_through() {
        assert_eq!(
            clean_open_tag("div", "<div class=\"a\" onclick=\"x()\">"),
            "<div class=\"a\">"
        );
        assert_eq!(
            clean_open_tag("img", "<img src=\"javascript:x\" alt=\"a\">"),
            "<img alt=\"a\" />"
        );
        assert_eq!(clean_open_tag("a", "<a href=\"/x\">"), "<a href=\"/x\">");
    }
}
