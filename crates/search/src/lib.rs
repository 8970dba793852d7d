//! The search index: a Pagefind bundle of every indexed page, plus the word list the app uses
//! to correct typos. Both are files of the output map, so search works on any static host.
//!
//! Pagefind splits its index into chunks by word, so a query downloads only the chunks of its
//! words. Headings weigh more than body text (Pagefind's own weighting, h1 most), and each
//! heading with an id becomes a section result that links to its anchor.

mod indexer;
mod link_targets;

pub use indexer::Indexer;
pub use link_targets::hash_without_link_targets;
use regex::Regex;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock};

/// Where the Pagefind bundle goes in the output map; the app loads `pagefind.js` from here.
pub const BUNDLE_DIR: &str = "_site/search";
/// The word list for typo correction, most frequent first.
pub const TERMS_FILE: &str = "_site/search-terms.json";

/// One page to index.
pub struct SearchPage<'a> {
    /// The page's URL path: its route encoded as every URL of the site is
    /// (`docsite_core::url::route_url`).
    pub url: std::borrow::Cow<'a, str>,
    pub title: &'a str,
    /// The page's breadcrumb labels, outermost first (without the page itself).
    pub breadcrumb: Vec<&'a str>,
    /// The area filter value: the label of the navbar item of the page's sidebar.
    pub area: &'a str,
    /// The rendered content HTML.
    pub html: &'a str,
    /// A hash of `html`, kept with the page's document, so telling whether the index must
    /// change does not mean hashing every page again.
    pub html_hash: u64,
    /// The `version` filter values: in a versioned site's one index, every version the page
    /// reads the same in (`url` is then the route below the version's base); none otherwise.
    pub versions: Vec<&'a str>,
}

/// The files of a search index: (output path, shared bytes).
pub type SearchFiles = Vec<(String, Arc<Vec<u8>>)>;

/// Pagefind files a reader never loads: its ready-made UIs and the playground.
fn is_needed(name: &str) -> bool {
    !(name.contains("-ui")
        || name.starts_with("playground")
        || name.starts_with("pagefind-highlight"))
}

/// Builds the Pagefind bundle: `(output path, bytes)` for each file.
pub fn bundle(pages: &[SearchPage]) -> Result<Vec<(String, Vec<u8>)>, String> {
    // Pagefind is async and spawns blocking tasks; a thread of its own keeps its runtime apart
    // from the server's.
    std::thread::scope(|scope| {
        scope
            .spawn(|| {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .build()
                    .map_err(|e| e.to_string())?;
                runtime.block_on(run_pagefind(pages))
            })
            .join()
            .map_err(|_| "the search indexer panicked".to_string())?
    })
}

/// Pages handed to Pagefind at a time: the documents made for it (a copy of each page's text)
/// exist for one batch only, not for the whole site at once.
const INDEX_BATCH: usize = 1000;

/// Each page's documents: the page, then one per API entry. Made in parallel; Pagefind then
/// parses them in parallel too (`add_html_files`).
fn documents(pages: &[SearchPage]) -> Vec<(String, String)> {
    use rayon::prelude::*;
    pages.par_iter().flat_map_iter(page_documents).collect()
}

/// A page's documents, `(url, html)`: the page, then one per API entry (`url#anchor`).
fn page_documents(page: &SearchPage) -> Vec<(String, String)> {
    let entries = api_entry_documents(page)
        .into_iter()
        .map(|(anchor, html)| (format!("{}#{anchor}", page.url), html));
    std::iter::once((page.url.to_string(), index_html(page)))
        .chain(entries)
        .collect()
}

async fn run_pagefind(pages: &[SearchPage<'_>]) -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut index = new_index()?;
    for batch in pages.chunks(INDEX_BATCH) {
        index
            .add_html_files(documents(batch))
            .await
            .map_err(|e| format!("indexing: {e}"))?;
    }
    index_files(&mut index).await
}

/// An empty Pagefind index with our settings.
fn new_index() -> Result<pagefind::api::PagefindIndex, String> {
    use pagefind::options::PagefindServiceConfig;
    let config = PagefindServiceConfig::builder()
        .force_language("en".to_string())
        // Heading anchors ("#") and tab buttons are controls, not text.
        .exclude_selectors(vec![".hash-link".to_string(), ".tabs__list".to_string()])
        .build();
    pagefind::api::PagefindIndex::new(Some(config)).map_err(|e| e.to_string())
}

/// The bundle's files, at their output paths.
async fn index_files(
    index: &mut pagefind::api::PagefindIndex,
) -> Result<Vec<(String, Vec<u8>)>, String> {
    let files = index.take_files().await.map_err(|e| e.to_string())?;
    Ok(files
        .into_iter()
        .filter_map(|f| {
            let name = f.filename.to_string_lossy().replace('\\', "/");
            is_needed(&name).then(|| (format!("{BUNDLE_DIR}/{name}"), f.contents))
        })
        .collect())
}

/// The document Pagefind reads for a page: the title as its h1, the content, and the title,
/// breadcrumb and area as metadata and filter (attributes, so they are not indexed as text).
fn index_html(page: &SearchPage) -> String {
    format!(
        "<html lang=\"en\"><body data-pagefind-body \
         data-pagefind-meta=\"breadcrumb:{crumbs}\" data-pagefind-filter=\"area:{area}\">\
         {versions}<h1>{title}</h1>\n{html}</body></html>",
        crumbs = attr(&page.breadcrumb.join(" › ")),
        area = attr(page.area),
        versions = version_filters(page),
        title = text(page.title),
        html = without_spans(&without_diagrams(page.html)),
    )
}

/// One empty element per version the page is in: Pagefind gathers a filter's values from
/// every element that names it, and an empty element adds no words.
pub(crate) fn version_filters(page: &SearchPage) -> String {
    page.versions
        .iter()
        .map(|v| format!("<i data-pagefind-filter=\"version:{}\"></i>", attr(v)))
        .collect()
}

/// The `<ApiEntry>` headings of a page's HTML: anchor (the qualified name) and short name.
static API_ENTRY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"<h[2-6] id="([^"]+)" class="api-entry__name"><code>([^<]*)</code>"#).unwrap()
});
/// The first paragraph of an entry's prose, after its source link.
static API_SUMMARY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"^(?s:.*?)class="api-entry__source">.*?</p>\n<p>(.*?)</p>"#).unwrap()
});

/// A small document per API entry: its qualified name as the title (h1), the short name as
/// a heading, the summary as text, under the page's breadcrumb and area.
fn api_entry_documents(page: &SearchPage) -> Vec<(String, String)> {
    if !page.html.contains("api-entry__name") {
        return Vec::new();
    }
    let mut crumbs = page.breadcrumb.clone();
    crumbs.push(page.title);
    API_ENTRY
        .captures_iter(page.html)
        .map(|m| {
            let anchor = m[1].to_string();
            let rest = &page.html[m.get(0).map_or(0, |g| g.end())..];
            // Stop at the next entry, so an entry without prose takes no other's summary.
            let own = rest.split("api-entry__name").next().unwrap_or("");
            let summary = API_SUMMARY
                .captures(own)
                .map(|s| strip_tags(&s[1]))
                .unwrap_or_default();
            let html = format!(
                "<html lang=\"en\"><body data-pagefind-body \
                 data-pagefind-meta=\"breadcrumb:{crumbs}\" data-pagefind-filter=\"area:{area}\">\
                 {versions}<h1>{name}</h1><h2>{short}</h2><p>{summary}</p></body></html>",
                crumbs = attr(&crumbs.join(" › ")),
                area = attr(page.area),
                versions = version_filters(page),
                name = text(&anchor.replace("&quot;", "\"")),
                short = &m[2],
                summary = text(summary.trim()),
            );
            (anchor, html)
        })
        .collect()
}

/// The content without `<span>` tags: highlighted code has one per token, and they only slow
/// the indexer down (about four times on code-heavy pages) without adding meaning.
fn without_spans(html: &str) -> std::borrow::Cow<'_, str> {
    static SPAN: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"</?span\b[^>]*>").unwrap());
    SPAN.replace_all(html, "")
}

/// The content without its diagrams' SVG: their labels and stylesheet would be indexed as
/// words out of any sentence (the diagram's source is in the page's Markdown twin).
fn without_diagrams(html: &str) -> std::borrow::Cow<'_, str> {
    static SVG: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?s)<svg\b.*?</svg>").unwrap());
    SVG.replace_all(html, "")
}

fn text(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// An attribute value. Pagefind takes everything after the first `:` literally, commas too.
fn attr(s: &str) -> String {
    text(s).replace('"', "&quot;")
}

/// The words of every page, most frequent first, for the app's "did you mean" correction:
/// letters only, at least four of them, so the list stays small.
pub fn terms(pages: &[SearchPage]) -> Vec<String> {
    let mut counts: WordCounts = HashMap::new();
    for page in pages {
        add_counts(&mut counts, &page_words(page));
    }
    ranked(counts)
}

/// How many times each word occurs.
pub type WordCounts = HashMap<String, u32>;

/// The words of one page that [`terms`] counts.
pub fn page_words(page: &SearchPage) -> WordCounts {
    let mut counts = WordCounts::new();
    for source in [page.title, &strip_tags(&without_diagrams(page.html))] {
        for word in source
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| (4..=24).contains(&w.len()))
        {
            *counts.entry(word.to_ascii_lowercase()).or_default() += 1;
        }
    }
    counts
}

pub fn add_counts(total: &mut WordCounts, page: &WordCounts) {
    for (word, n) in page {
        match total.get_mut(word) {
            Some(sum) => *sum += n,
            None => {
                total.insert(word.clone(), *n);
            }
        }
    }
}

/// Takes a page's words back out of `total` (which [`add_counts`] gave them to); a word none
/// is left of goes.
pub fn remove_counts(total: &mut WordCounts, page: &WordCounts) {
    for (word, n) in page {
        if let Some(sum) = total.get_mut(word) {
            *sum = sum.saturating_sub(*n);
            if *sum == 0 {
                total.remove(word);
            }
        }
    }
}

/// The words, most frequent first (then in alphabetical order).
pub fn ranked(counts: WordCounts) -> Vec<String> {
    let mut words: Vec<(String, u32)> = counts.into_iter().collect();
    words.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    words.into_iter().map(|(w, _)| w).collect()
}

/// The text of an HTML fragment, good enough for counting words.
fn strip_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len() / 2);
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagrams_are_not_words_of_the_page() {
        let html = "<p>Before</p><div class=\"diagram\"><svg id=\"m\"><style>#m .node{stroke-width:2px}</style>\
                    <text>Agent</text></svg></div><p>After</p>";
        assert_eq!(
            without_diagrams(html),
            "<p>Before</p><div class=\"diagram\"></div><p>After</p>"
        );
        let pages = [SearchPage {
            url: "/a".into(),
            title: "Page",
            breadcrumb: vec![],
            area: "Docs",
            html,
            html_hash: 0,
            versions: vec![],
        }];
        assert_eq!(terms(&pages), vec!["after", "before", "page"]);
    }

    #[test]
    fn terms_counts_words_across_pages_most_frequent_first() {
        let pages = [
            SearchPage {
                url: "/a".into(),
                title: "Schedules",
                breadcrumb: vec![],
                area: "Docs",
                html: "<p>A schedule runs a <code>job</code>. Schedules, schedules.</p>",
                html_hash: 0,
                versions: vec![],
            },
            SearchPage {
                url: "/b".into(),
                title: "Sensors",
                breadcrumb: vec![],
                area: "Docs",
                html: "<p class=\"note\">A sensor watches.</p>",
                html_hash: 0,
                versions: vec![],
            },
        ];
        let terms = terms(&pages);
        assert_eq!(terms[0], "schedules");
        assert!(terms.contains(&"sensor".to_string()));
        assert!(terms.contains(&"watches".to_string()));
        // Short words and markup are left out.
        assert!(!terms.contains(&"job".to_string()));
        assert!(!terms.contains(&"note".to_string()));
    }

    #[test]
    fn each_api_entry_is_a_document_of_its_own() {
        let html = concat!(
            "<h3 id=\"dagster.asset\" class=\"api-entry__name\"><code>asset</code></h3>\n",
            "<p class=\"api-entry__source\"><a href=\"x\">source</a></p>\n<p>Makes an <em>asset</em>.</p>\n",
            "<h4 id=\"dagster.A.b\" class=\"api-entry__name\"><code>A.b</code></h4>\n",
            "<p class=\"api-entry__source\"><a href=\"y\">source</a></p>\n</div>\n<p>Later prose.</p>"
        );
        let page = SearchPage {
            url: "/api/assets".into(),
            title: "assets",
            breadcrumb: vec!["Python API"],
            area: "API reference",
            html,
            html_hash: 0,
            versions: vec![],
        };
        let docs = api_entry_documents(&page);
        assert_eq!(docs.len(), 2);
        assert_eq!(docs[0].0, "dagster.asset");
        assert!(
            docs[0]
                .1
                .contains("<h1>dagster.asset</h1><h2>asset</h2><p>Makes an  asset .</p>"),
            "{}",
            docs[0].1
        );
        assert!(docs[0].1.contains("breadcrumb:Python API › assets"));
        assert!(
            docs[1]
                .1
                .contains("<h1>dagster.A.b</h1><h2>A.b</h2><p></p>"),
            "{}",
            docs[1].1
        );
    }

    #[test]
    fn a_page_of_several_versions_has_a_filter_value_for_each() {
        let html = "<p>See <a href=\"/1.1/x\">x</a> <img src=\"/1.1/i.png\" alt=\"i\"></p>";
        let hash = |html: &str| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            hash_without_link_targets(html, &mut h);
            std::hash::Hasher::finish(&h)
        };
        assert_eq!(hash(html), hash(&html.replace("/1.1/", "/1.2/")));
        assert_ne!(hash(html), hash(&html.replace("See", "Read")));
        let page = SearchPage {
            url: "/a".into(),
            title: "A",
            breadcrumb: vec![],
            area: "Docs",
            html,
            html_hash: 0,
            versions: vec!["1.1", "1.2"],
        };
        assert!(index_html(&page).contains(
            "<i data-pagefind-filter=\"version:1.1\"></i><i data-pagefind-filter=\"version:1.2\"></i><h1>A</h1>"
        ));
    }

    #[test]
    fn index_html_escapes_metadata() {
        let page = SearchPage {
            url: "/a".into(),
            title: "A <b> & c",
            breadcrumb: vec!["Build", "Assets, jobs"],
            area: "Docs",
            html: "<p>x</p>",
            html_hash: 0,
            versions: vec![],
        };
        let html = index_html(&page);
        assert!(html.contains("<h1>A &lt;b&gt; &amp; c</h1>"));
        assert!(html.contains("breadcrumb:Build › Assets, jobs"));
    }
}
