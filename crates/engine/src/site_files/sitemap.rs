//! `sitemap.xml` (listed pages only) and `robots.txt`.

use docsite_core::model::PageEntry;
use docsite_markdown::escape_html;

pub fn sitemap(base_url: &str, entries: &[PageEntry], no_index: bool) -> String {
    let base = base_url.trim_end_matches('/');
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    if !no_index {
        for e in entries.iter().filter(|e| !e.unlisted) {
            xml.push_str(&format!(
                "  <url><loc>{}{}</loc></url>\n",
                escape_html(base),
                escape_html(&docsite_core::url::route_url(&e.route))
            ));
        }
    }
    xml.push_str("</urlset>\n");
    xml
}

pub fn robots(base_url: &str, no_index: bool) -> String {
    if no_index {
        return "User-agent: *\nDisallow: /\n".into();
    }
    format!(
        "User-agent: *\nAllow: /\n\nSitemap: {}/sitemap.xml\n",
        base_url.trim_end_matches('/')
    )
}
