//! `sitemap.xml` (listed pages only) and `robots.txt`. Past [`MAX_URLS`] listed pages, the
//! sitemap protocol's limit per file, `sitemap.xml` is a sitemap index naming `sitemap-1.xml`,
//! `sitemap-2.xml`, …, each of at most that many URLs. They sit beside it at the site's root:
//! a sitemap may only list URLs under its own folder.

use docsite_core::model::PageEntry;
use docsite_markdown::escape_html;

/// URLs per sitemap file (the protocol's limit; it also caps a file at 50 MB, which 50,000
/// URLs of under a kilobyte each cannot reach).
pub const MAX_URLS: usize = 50_000;

const HEADER: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
const NAMESPACE: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";

/// The sitemap files of the listed pages: `sitemap.xml` first, then its parts (if any).
pub fn sitemap_files(
    base_url: &str,
    entries: &[PageEntry],
    no_index: bool,
) -> Vec<(String, String)> {
    let base = escape_html(base_url.trim_end_matches('/'));
    let listed: Vec<&PageEntry> = if no_index {
        Vec::new()
    } else {
        entries.iter().filter(|e| !e.unlisted).collect()
    };
    if listed.len() <= MAX_URLS {
        return vec![("sitemap.xml".into(), urlset(&base, &listed))];
    }
    let parts: Vec<(String, String)> = listed
        .chunks(MAX_URLS)
        .enumerate()
        .map(|(i, chunk)| (part_name(i + 1), urlset(&base, chunk)))
        .collect();
    let mut index = format!("{HEADER}<sitemapindex xmlns=\"{NAMESPACE}\">\n");
    for (name, _) in &parts {
        index.push_str(&format!("  <sitemap><loc>{base}/{name}</loc></sitemap>\n"));
    }
    index.push_str("</sitemapindex>\n");
    std::iter::once(("sitemap.xml".into(), index))
        .chain(parts)
        .collect()
}

/// The name of the `n`th part (from 1) of a sitemap index.
pub fn part_name(n: usize) -> String {
    format!("sitemap-{n}.xml")
}

/// The parts a sitemap of `listed` pages is split into (none up to [`MAX_URLS`]), so the
/// output check can refuse a page or static file at their paths.
pub fn part_names(listed: usize) -> Vec<String> {
    if listed <= MAX_URLS {
        return Vec::new();
    }
    (1..=listed.div_ceil(MAX_URLS)).map(part_name).collect()
}

fn urlset(base: &str, entries: &[&PageEntry]) -> String {
    let mut xml = format!("{HEADER}<urlset xmlns=\"{NAMESPACE}\">\n");
    for e in entries {
        xml.push_str(&format!(
            "  <url><loc>{base}{}</loc></url>\n",
            escape_html(&docsite_core::url::route_url(&e.route))
        ));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(n: usize) -> Vec<PageEntry> {
        (0..n)
            .map(|i| PageEntry {
                id: format!("p/{i}"),
                title: String::new(),
                description: String::new(),
                sidebar: None,
                unlisted: i % 8 == 3,
                route: format!("/p/{i}"),
                version: None,
            })
            .collect()
    }

    fn locs(xml: &str) -> Vec<&str> {
        xml.split("<loc>")
            .skip(1)
            .map(|s| &s[..s.find("</loc>").unwrap()])
            .collect()
    }

    #[test]
    fn up_to_the_limit_one_urlset_of_the_listed_pages() {
        let files = sitemap_files("https://x.example/", &entries(70), false);
        assert_eq!(files.len(), 1);
        let (name, xml) = &files[0];
        assert_eq!(name, "sitemap.xml");
        assert!(xml.contains("<urlset"));
        assert_eq!(locs(xml).len(), 61);
        assert_eq!(locs(xml)[0], "https://x.example/p/0");
        assert!(!xml.contains("/p/3<"));
    }

    #[test]
    fn past_the_limit_an_index_of_parts_each_within_it() {
        // 7 in 8 listed: 120,000 pages give 105,000 URLs, three parts.
        let all = entries(120_000);
        let listed: Vec<String> = all
            .iter()
            .filter(|e| !e.unlisted)
            .map(|e| format!("https://x.example{}", e.route))
            .collect();
        let files = sitemap_files("https://x.example", &all, false);
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "sitemap.xml",
                "sitemap-1.xml",
                "sitemap-2.xml",
                "sitemap-3.xml"
            ]
        );
        assert_eq!(part_names(listed.len()), names[1..]);
        let index = &files[0].1;
        assert!(index.contains("<sitemapindex") && !index.contains("<urlset"));
        assert_eq!(
            locs(index),
            [
                "https://x.example/sitemap-1.xml",
                "https://x.example/sitemap-2.xml",
                "https://x.example/sitemap-3.xml"
            ]
        );
        let mut seen = Vec::new();
        for (_, xml) in &files[1..] {
            assert!(xml.contains("<urlset"));
            assert!(locs(xml).len() <= MAX_URLS);
            seen.extend(locs(xml).into_iter().map(String::from));
        }
        assert_eq!(seen, listed, "every listed page once, in order");
    }

    #[test]
    fn no_parts_up_to_the_limit() {
        assert!(part_names(MAX_URLS).is_empty());
        assert_eq!(part_names(MAX_URLS + 1), ["sitemap-1.xml", "sitemap-2.xml"]);
    }

    #[test]
    fn a_site_not_to_index_lists_nothing() {
        let files = sitemap_files("https://x.example", &entries(10), true);
        assert_eq!(locs(&files[0].1).len(), 0);
    }
}
