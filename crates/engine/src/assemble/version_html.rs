//! What a page of a versioned site shows of its version without JavaScript: the version menu in
//! the navbar and the banner of a version other than the last (with a link to the same page in
//! the last version); and where its canonical link points.

use docsite_core::model::{PageData, SiteData, VersionEntry};
use docsite_markdown::{escape_attr, escape_html};

/// The last version's entry, when the page is of another version.
fn last_version<'a>(site: &'a SiteData) -> Option<&'a VersionEntry> {
    if site.version.is_last {
        return None;
    }
    site.version_menu
        .as_ref()?
        .versions
        .iter()
        .find(|v| v.is_last)
}

/// The route of the page in the last version, when it is of another version and is there.
pub(crate) fn latest_route<'a>(site: &'a SiteData, page: &'a PageData) -> Option<&'a str> {
    let last = last_version(site)?;
    page.versions
        .as_ref()?
        .get(&last.version)
        .map(String::as_str)
}

/// Where a link to the version `entry` leads from `page`: the same page there, else the
/// version's first page.
pub(crate) fn href_in<'a>(entry: &'a VersionEntry, site: &SiteData, page: &'a PageData) -> &'a str {
    if entry.version == site.version.version {
        return &page.route;
    }
    page.versions
        .as_ref()
        .and_then(|v| v.get(&entry.version))
        .unwrap_or(&entry.href)
}

/// The version banner: what this version is, and the same page in the last version.
pub(crate) fn banner(h: &mut String, site: &SiteData, page: &PageData) {
    let Some(kind) = &site.version.banner else {
        return;
    };
    let (title, label) = (escape_html(&site.title), escape_html(&site.version.label));
    let text = if kind == "unreleased" {
        format!("This is unreleased documentation for {title} {label}.")
    } else {
        format!("This is documentation for {title} {label}, which is no longer maintained.")
    };
    h.push_str(&format!(
        "<div class=\"version-banner version-banner--{}\" role=\"note\"><p>{text}",
        escape_attr(kind)
    ));
    if let Some(last) = last_version(site) {
        h.push_str(&format!(
            " For up-to-date documentation, see <a class=\"version-banner__latest\" href=\"{}\">the latest version ({})</a>.",
            escape_attr(href_in(last, site, page)),
            escape_html(&last.label)
        ));
    }
    h.push_str("</p></div>\n");
}

/// The version menu as a disclosure list in the navbar.
pub(crate) fn menu(h: &mut String, site: &SiteData, page: &PageData) {
    let Some(menu) = &site.version_menu else {
        return;
    };
    h.push_str(&format!(
        "<li class=\"version-menu\"><details><summary class=\"navbar__link\">{}</summary><ul>",
        escape_html(&site.version.label)
    ));
    for v in &menu.versions {
        let current = if v.version == site.version.version {
            " aria-current=\"true\""
        } else {
            ""
        };
        h.push_str(&format!(
            "<li><a href=\"{}\"{current}>{}</a></li>",
            escape_attr(href_in(v, site, page)),
            escape_html(&v.label)
        ));
    }
    for v in &menu.external {
        h.push_str(&format!(
            "<li><a href=\"{}\">{}</a></li>",
            escape_attr(&v.href),
            escape_html(&v.label)
        ));
    }
    h.push_str("</ul></details></li>");
}
