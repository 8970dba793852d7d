//! The complete HTML document of a page: readable without JavaScript, and carrying the data the
//! reading app mounts from.

use super::page_head;
use super::version_html;
use crate::frontend::Frontend;
use docsite_core::model::{PageData, SiteData};
use docsite_markdown::{escape_attr, escape_html, HeadTag};

pub use crate::site_files::security::{color_mode_script_hash, COLOR_MODE_SCRIPT};

/// The largest sidebar file whose no-JS copy a page shows whole (pruned to its open branch);
/// a larger one shows each page a window of its top level (see `sidebars::window`). The
/// bundled site's largest sidebar is under it; a site of thousands of pages is over it.
pub const WHOLE_SIDEBAR_MAX_BYTES: usize = 64 * 1024;

pub struct DocumentInput<'a> {
    pub site: &'a SiteData,
    /// `site` as the page data carries it ([`site_json`]): the same for every page, so made
    /// once per build.
    pub site_json: &'a str,
    pub page: &'a PageData,
    /// The full content HTML (the page data carries none when inlined).
    pub content: &'a str,
    /// The no-JS sidebar's HTML (`sidebar_menu.rs`). The page data never carries its items:
    /// the app reads the page's sidebar from its shared file (`PageData.sidebarUrl`), which
    /// the head preloads.
    pub sidebar: Option<&'a str>,
    pub frontend: &'a Frontend,
    pub live_reload: bool,
    /// What the page's `<head>` adds (its title, `<meta>` and `<link>` tags).
    pub head: &'a [HeadTag],
}

pub fn render(input: &DocumentInput) -> String {
    let DocumentInput { site, page, .. } = *input;
    let mut h = String::with_capacity(input.content.len() * 2 + input.site_json.len() + 16384);
    head(&mut h, input);
    h.push_str("<body>\n<div id=\"__docsite\">\n<a class=\"skip-link\" href=\"#main\">Skip to content</a>\n");
    navbar(&mut h, site, page);
    let layout = if input.sidebar.is_some() {
        "layout"
    } else {
        "layout layout--no-sidebar"
    };
    h.push_str(&format!("<div class=\"{layout}\">\n"));
    if let Some(menu) = input.sidebar {
        h.push_str(
            "<aside class=\"sidebar\" aria-label=\"Sidebar\"><nav aria-label=\"Docs sidebar\">",
        );
        h.push_str(menu);
        h.push_str("</nav></aside>\n");
    }
    article(&mut h, input);
    toc(&mut h, page);
    h.push_str("</div>\n");
    footer(&mut h, site);
    h.push_str("</div>\n");
    data_script(&mut h, input);
    if input.live_reload {
        h.push_str("<script src=\"/_site/livereload.js\"></script>\n");
    }
    h.push_str("</body>\n</html>\n");
    h
}

fn head(h: &mut String, input: &DocumentInput) {
    let DocumentInput {
        site,
        page,
        frontend,
        ..
    } = *input;
    let title = page_head::title(input.head).unwrap_or_else(|| {
        if page.route == "/" {
            site.title.clone()
        } else {
            format!("{} | {}", page.title, site.title)
        }
    });
    // A page of an older (or upcoming) version names the last version's page as canonical.
    let canonical = format!(
        "{}{}",
        site.url.trim_end_matches('/'),
        docsite_core::url::route_url(version_html::latest_route(site, page).unwrap_or(&page.route))
    );
    h.push_str(&format!(
        "<!DOCTYPE html>\n<html lang=\"en\" data-theme=\"light\" class=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"color-scheme\" content=\"light dark\">\n<title>{}</title>\n",
        escape_attr(&site.version.class_name),
        escape_attr(&crate::site_files::security::content_security_policy()),
        escape_html(&title)
    ));
    page_head::description_and_canonical(h, page, &canonical, input.head);
    for icon in &site.favicons {
        // An ICO is the fallback that every browser reads; an SVG is preferred where supported.
        let kind = if icon.ends_with(".svg") {
            " type=\"image/svg+xml\""
        } else {
            " sizes=\"32x32\""
        };
        h.push_str(&format!(
            "<link rel=\"icon\" href=\"{}\"{kind}>\n",
            escape_attr(icon)
        ));
    }
    if let Some(twin) = &page.markdown_url {
        h.push_str(&format!(
            "<link rel=\"alternate\" type=\"text/markdown\" href=\"{}\">\n",
            escape_attr(twin)
        ));
    }
    if page.no_index {
        h.push_str("<meta name=\"robots\" content=\"noindex, nofollow\">\n");
    }
    page_head::open_graph(h, site, page, &canonical, input.head);
    h.push_str(&format!("<script>{COLOR_MODE_SCRIPT}</script>\n"));
    for css in &frontend.styles {
        h.push_str(&format!(
            "<link rel=\"stylesheet\" href=\"{}\">\n",
            escape_attr(css)
        ));
    }
    h.push_str("<link rel=\"stylesheet\" href=\"/_site/highlight.css\">\n");
    if let Some(url) = page.sidebar_url.as_deref() {
        // The app mounts once the sidebar file is in: fetched alongside its scripts.
        h.push_str(&format!(
            "<link rel=\"preload\" as=\"fetch\" crossorigin=\"anonymous\" href=\"{}\">\n",
            escape_attr(url)
        ));
    }
    for js in &frontend.preloads {
        h.push_str(&format!(
            "<link rel=\"modulepreload\" href=\"{}\">\n",
            escape_attr(js)
        ));
    }
    for js in &frontend.scripts {
        h.push_str(&format!(
            "<script type=\"module\" src=\"{}\"></script>\n",
            escape_attr(js)
        ));
    }
    h.push_str("</head>\n");
}

fn navbar(h: &mut String, site: &SiteData, page: &PageData) {
    let sidebar = page.sidebar.as_deref();
    h.push_str("<header class=\"navbar\"><nav class=\"navbar__inner\" aria-label=\"Main\">");
    h.push_str("<a class=\"navbar__brand\" href=\"/\">");
    if let Some(logo) = &site.logo {
        h.push_str(&format!(
            "<img class=\"navbar__logo\" src=\"{}\" alt=\"{}\" width=\"32\" height=\"32\">",
            escape_attr(&logo.src),
            escape_attr(&logo.alt)
        ));
    }
    h.push_str(&format!(
        "<span class=\"navbar__title\">{}</span></a><ul class=\"navbar__items\">",
        escape_html(&site.title)
    ));
    for item in &site.navbar {
        let active = sidebar.is_some() && item.sidebar.as_deref() == sidebar;
        let (class, current) = if active {
            (
                "navbar__link navbar__link--active",
                " aria-current=\"true\"",
            )
        } else {
            ("navbar__link", "")
        };
        h.push_str(&format!(
            "<li><a class=\"{class}\" href=\"{}\"{current}>{}</a></li>",
            escape_attr(&item.to),
            escape_html(&item.label)
        ));
    }
    version_html::menu(h, site, page);
    h.push_str("</ul></nav></header>\n");
}

fn article(h: &mut String, input: &DocumentInput) {
    let DocumentInput { site, page, .. } = *input;
    h.push_str("<main id=\"main\" class=\"doc\">\n");
    version_html::banner(h, site, page);
    if !page.crumbs().is_empty() {
        h.push_str("<nav class=\"breadcrumbs\" aria-label=\"Breadcrumbs\"><ol><li><a href=\"/\">Home</a></li>");
        for c in page.crumbs() {
            match &c.href {
                Some(href) => h.push_str(&format!(
                    "<li><a href=\"{}\">{}</a></li>",
                    escape_attr(href),
                    escape_html(&c.label)
                )),
                None => h.push_str(&format!("<li><span>{}</span></li>", escape_html(&c.label))),
            }
        }
        h.push_str("</ol></nav>\n");
    }
    if site.version.badge {
        h.push_str(&format!(
            "<span class=\"version-badge\">Version: {}</span>\n",
            escape_html(&site.version.label)
        ));
    }
    if page.unlisted {
        h.push_str("<div class=\"admonition admonition--warning unlisted-banner\" role=\"note\"><p class=\"admonition__title\">Unlisted page</p><div class=\"admonition__body\"><p>This page is unlisted. Search engines will not index it, and only readers with a direct link can reach it.</p></div></div>\n");
    }
    h.push_str("<article>");
    if !page.hide_title {
        h.push_str(&format!(
            "<header><h1>{}</h1></header>",
            escape_html(&page.title)
        ));
    }
    h.push_str("<div class=\"markdown\" id=\"__docsite-content\">\n");
    h.push_str(input.content);
    h.push_str("</div></article>\n");
    if let Some(edit) = &page.edit_url {
        h.push_str(&format!(
            "<div class=\"doc-meta\"><a class=\"edit-link\" href=\"{}\">Edit this page</a></div>\n",
            escape_attr(edit)
        ));
    }
    if page.previous_link().is_some() || page.next_link().is_some() {
        h.push_str("<nav class=\"pagination\" aria-label=\"Docs pages\">");
        if let Some(p) = page.previous_link() {
            h.push_str(&format!("<a class=\"pagination__prev\" href=\"{}\"><span class=\"pagination__sub\">Previous</span><span class=\"pagination__label\">{}</span></a>", escape_attr(&p.href), escape_html(&p.title)));
        }
        if let Some(n) = page.next_link() {
            h.push_str(&format!("<a class=\"pagination__next\" href=\"{}\"><span class=\"pagination__sub\">Next</span><span class=\"pagination__label\">{}</span></a>", escape_attr(&n.href), escape_html(&n.title)));
        }
        h.push_str("</nav>\n");
    }
    h.push_str("</main>\n");
}

fn toc(h: &mut String, page: &PageData) {
    if page.hide_table_of_contents || page.toc.is_empty() {
        return;
    }
    h.push_str("<aside class=\"toc\" aria-label=\"Table of contents\"><nav aria-label=\"On this page\"><p class=\"toc__title\">On this page</p><ul class=\"toc__list\">");
    for item in &page.toc {
        h.push_str(&format!(
            "<li class=\"toc__item toc__item--level-{}\"><a href=\"#{}\">{}</a></li>",
            item.level,
            escape_attr(&item.id),
            break_after_dots(&escape_html(&item.text))
        ));
    }
    h.push_str("</ul></nav></aside>\n");
}

/// `DbtProjectPreparer.<wbr>prepare_if_dev`: a long API name in the table of contents may wrap
/// after a dot that starts a member (the app's `breakAfterDots` does the same).
fn break_after_dots(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '.'
            && chars
                .peek()
                .is_some_and(|n| n.is_ascii_alphabetic() || *n == '_')
        {
            out.push_str("<wbr>");
        }
    }
    out
}

fn footer(h: &mut String, site: &SiteData) {
    h.push_str("<footer class=\"footer\"><ul class=\"footer__links\">");
    for l in &site.footer.links {
        h.push_str(&format!(
            "<li><a href=\"{}\">{}</a></li>",
            escape_attr(&l.href),
            escape_html(&l.label)
        ));
    }
    h.push_str(&format!(
        "</ul><p class=\"footer__copyright\">{}</p></footer>\n",
        escape_html(&site.footer.copyright)
    ));
}

/// The page data, `{"page":…,"sidebarItems":…,"site":…}` with every object's keys sorted,
/// written in parts: the site's part is made once per build ([`site_json`]).
fn data_script(h: &mut String, input: &DocumentInput) {
    h.push_str("<script id=\"__docsite-data\" type=\"application/json\">{\"page\":");
    h.push_str(&script_safe_json(&sorted_value(input.page)));
    // The app reads a page's sidebar from its file; a page without one (no sidebar) says so.
    if input.page.sidebar_url.is_none() {
        h.push_str(",\"sidebarItems\":");
        h.push_str(&script_safe_json(&sorted_value(&input.sidebar)));
    }
    h.push_str(",\"site\":");
    h.push_str(input.site_json);
    h.push_str("}</script>\n");
}

/// The site's part of every page's data (see [`data_script`]).
pub fn site_json(site: &SiteData) -> String {
    script_safe_json(&sorted_value(site))
}

fn sorted_value(value: &impl serde::Serialize) -> serde_json::Value {
    docsite_core::json_order::sorted(serde_json::to_value(value).unwrap_or_default())
}

/// JSON that cannot close its `<script>` element early.
pub fn script_safe_json(value: &serde_json::Value) -> String {
    // `<` only occurs inside JSON strings, where `\u003c` means the same.
    serde_json::to_string(value)
        .unwrap_or_default()
        .replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_cannot_break_out_of_script() {
        let s = script_safe_json(&serde_json::json!({"x": "</script><!--"}));
        assert!(!s.contains("</script>"));
        assert!(!s.contains("<!--"));
    }

    #[test]
    fn long_names_in_the_toc_may_wrap_after_a_member_dot() {
        assert_eq!(
            break_after_dots("DbtProjectPreparer.prepare_if_dev"),
            "DbtProjectPreparer.<wbr>prepare_if_dev"
        );
        assert_eq!(
            break_after_dots("A._b and 1.13, e. g"),
            "A.<wbr>_b and 1.13, e. g"
        );
    }
}
