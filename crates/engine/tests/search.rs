//! The search index in the output map, read back the way Pagefind's browser code reads it:
//! the metadata file lists the pages and the word chunks, a chunk maps words to pages and
//! positions, and a page's fragment holds its URL, metadata and section anchors.

use docsite_engine::{BuildOptions, Builder, Built};
use minicbor::Decoder;
use serde_json::Value;
use std::io::Read;

mod common;
use common::{build, copy_fixture, fixture};

/// A search file's bytes: gzip around a `pagefind_dcd` marker and the payload.
fn search_file(built: &Built, name: &str) -> Vec<u8> {
    let path = format!("_site/search/{name}");
    let bytes = built
        .output
        .files
        .get(&path)
        .unwrap_or_else(|| panic!("{path} is missing"));
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes.as_slice())
        .read_to_end(&mut out)
        .unwrap();
    out.strip_prefix(b"pagefind_dcd".as_slice())
        .expect("decompressed search files start with the marker")
        .to_vec()
}

struct Meta {
    /// Fragment hash of each page, by page number.
    pages: Vec<String>,
    /// (first word, last word, chunk hash) of each word chunk.
    chunks: Vec<(String, String, String)>,
}

fn meta(built: &Built) -> Meta {
    let name = built
        .output
        .files
        .keys()
        .find_map(|k| {
            k.strip_prefix("_site/search/")
                .filter(|n| n.ends_with(".pf_meta"))
        })
        .expect("a .pf_meta file")
        .to_string();
    let bytes = search_file(built, &name);
    let mut d = Decoder::new(&bytes);
    d.array().unwrap();
    d.str().unwrap(); // version
    let pages = (0..d.array().unwrap().unwrap())
        .map(|_| {
            d.array().unwrap();
            let hash = d.str().unwrap().to_string();
            d.u32().unwrap();
            d.str().unwrap();
            hash
        })
        .collect();
    let chunks = (0..d.array().unwrap().unwrap())
        .map(|_| {
            d.array().unwrap();
            let from = d.str().unwrap().to_string();
            let to = d.str().unwrap().to_string();
            (from, to, d.str().unwrap().to_string())
        })
        .collect();
    Meta { pages, chunks }
}

fn fragment(built: &Built, hash: &str) -> Value {
    serde_json::from_slice(&search_file(built, &format!("fragment/{hash}.pf_fragment"))).unwrap()
}

fn fragments(built: &Built) -> Vec<Value> {
    meta(built)
        .pages
        .iter()
        .map(|h| fragment(built, h))
        .collect()
}

/// Where a (stemmed) word occurs: (page fragment, positions in the page's words).
fn occurrences(built: &Built, word: &str) -> Vec<(Value, Vec<i64>)> {
    let meta = meta(built);
    let mut found = Vec::new();
    for (_, _, hash) in &meta.chunks {
        let bytes = search_file(built, &format!("index/{hash}.pf_index"));
        for (this, page, locs) in chunk_words(&bytes) {
            if this == word {
                found.push((fragment(built, &meta.pages[page]), positions(&locs)));
            }
        }
    }
    found
}

/// Every (word, page number, positions) of a word chunk.
fn chunk_words(bytes: &[u8]) -> Vec<(String, usize, Vec<i64>)> {
    let mut d = Decoder::new(bytes);
    d.array().unwrap();
    let mut found = Vec::new();
    for _ in 0..d.array().unwrap().unwrap() {
        d.array().unwrap();
        let this = d.str().unwrap().to_string();
        // Page numbers are stored as deltas within a word's page list.
        let mut page = 0;
        for _ in 0..d.array().unwrap().unwrap() {
            d.array().unwrap();
            page += d.u64().unwrap() as usize;
            let locs: Vec<i64> = (0..d.array().unwrap().unwrap())
                .map(|_| d.i64().unwrap())
                .collect();
            d.skip().unwrap(); // positions in metadata
            found.push((this.clone(), page, locs));
        }
        d.skip().unwrap(); // variants
    }
    found
}

/// Pagefind stores positions as deltas; a negative number sets the weight of the positions
/// after it, and the number after it is absolute.
fn positions(locs: &[i64]) -> Vec<i64> {
    let mut out = Vec::new();
    let mut last = 0;
    let mut absolute = false;
    for &l in locs {
        if l < 0 {
            absolute = true;
            continue;
        }
        last = if absolute { l } else { last + l };
        absolute = false;
        out.push(last);
    }
    out
}

/// The id of the section a word position falls in: the last anchor at or before it.
fn section_at(fragment: &Value, position: i64) -> Option<String> {
    fragment["anchors"]
        .as_array()?
        .iter()
        .rfind(|a| a["location"].as_i64().is_some_and(|l| l <= position))
        .and_then(|a| a["id"].as_str().map(String::from))
}

#[test]
fn a_phrase_finds_its_page_and_section() {
    let b = build(&fixture("basic"));
    // "Second group, pip." is in the Tabs section of the home page.
    let hits = occurrences(&b, "second");
    let (page, positions) = hits.iter().find(|(p, _)| p["url"] == "/").unwrap();
    assert_eq!(page["meta"]["title"], "Welcome");
    assert_eq!(section_at(page, positions[0]).as_deref(), Some("tabs"));
    // Words before the first heading belong to the page itself.
    let hits = occurrences(&b, "fixtur");
    let (page, positions) = hits.iter().find(|(p, _)| p["url"] == "/").unwrap();
    assert_eq!(section_at(page, positions[0]), None);
}

#[test]
fn pages_carry_title_breadcrumb_and_area() {
    let b = build(&fixture("basic"));
    let all = fragments(&b);
    let page = |url: &str| {
        all.iter()
            .find(|f| f["url"] == url)
            .unwrap_or_else(|| panic!("{url} is not indexed"))
    };
    let guide = page("/guides/alpha");
    assert_eq!(guide["filters"]["area"][0], "Docs");
    assert_eq!(guide["meta"]["breadcrumb"], "Guides");
    assert_eq!(page("/api")["filters"]["area"][0], "API reference");
    // The title is indexed as a heading, so it weighs more than body text.
    assert!(page("/start-here")["content"]
        .as_str()
        .unwrap()
        .starts_with("Start here."));
}

#[test]
fn unlisted_pages_are_not_indexed() {
    let b = build(&fixture("basic"));
    let urls: Vec<String> = fragments(&b)
        .iter()
        .map(|f| f["url"].as_str().unwrap().to_string())
        .collect();
    assert!(urls.contains(&"/start-here".to_string()));
    assert!(!urls.contains(&"/secret".to_string()), "{urls:?}");
    // "Only readers with the link see this page." is on the unlisted page only.
    assert!(occurrences(&b, "reader").is_empty());
}

#[test]
fn a_version_marked_no_index_has_an_empty_index() {
    let tmp = copy_fixture("basic");
    let config = std::fs::read_to_string(tmp.path().join("site.yaml")).unwrap();
    std::fs::write(
        tmp.path().join("site.yaml"),
        format!("{config}version:\n  noIndex: true\n"),
    )
    .unwrap();
    let b = build(tmp.path());
    let entry: Value =
        serde_json::from_slice(&b.output.files["_site/search/pagefind-entry.json"]).unwrap();
    assert_eq!(
        entry["languages"],
        serde_json::json!({}),
        "no page is indexed"
    );
    let fragments = b.output.files.keys().filter(|k| k.contains("/fragment/"));
    assert_eq!(fragments.count(), 0);
}

#[test]
fn the_word_list_for_typo_correction_comes_with_the_index() {
    let b = build(&fixture("basic"));
    let terms: Vec<String> =
        serde_json::from_slice(&b.output.files["_site/search-terms.json"]).unwrap();
    assert!(terms.contains(&"welcome".to_string()));
    assert!(
        !terms.contains(&"readers".to_string()),
        "unlisted words stay out"
    );
}

#[test]
fn serve_mode_defers_a_changed_index_and_refresh_brings_it_up_to_date() {
    let tmp = copy_fixture("basic");
    let options = BuildOptions {
        defer_search: true,
        ..BuildOptions::default()
    };
    let mut builder = Builder::new();
    let first = builder.build(tmp.path(), &options).unwrap();
    assert!(!first.search_stale, "the first build always indexes");
    let page = tmp.path().join("docs/start-here.md");
    let source = std::fs::read_to_string(&page).unwrap();
    std::fs::write(&page, format!("{source}\nA zeppelin floats by.\n")).unwrap();
    let second = builder.build(tmp.path(), &options).unwrap();
    assert!(second.search_stale);
    assert!(
        occurrences(&second, "zeppelin").is_empty(),
        "still the old index"
    );
    let files = builder.refresh_search().unwrap().expect("a new index");
    let mut output = second.output;
    docsite_engine::search::replace_files(&mut output, &files);
    let refreshed = Built { output, ..second };
    assert_eq!(
        occurrences(&refreshed, "zeppelin")[0].0["url"],
        "/start-here"
    );
    assert!(
        builder.refresh_search().unwrap().is_none(),
        "nothing more to do"
    );
    // A new title is indexed too, though the content is the same.
    let source = std::fs::read_to_string(&page).unwrap();
    let retitled = source.replace(
        "sidebar_label: Start here",
        "sidebar_label: Start here\ntitle: Airships",
    );
    std::fs::write(&page, retitled).unwrap();
    let third = builder.build(tmp.path(), &options).unwrap();
    assert!(third.search_stale);
    assert!(builder.refresh_search().unwrap().is_some());
    assert!(!builder.build(tmp.path(), &options).unwrap().search_stale);
}

/// A versioned site has one index: a page that reads the same in several versions is one
/// entry, at its URL in the first of them, with a `version` filter value for each of them.
#[test]
fn a_versioned_site_has_one_index_with_a_filter_value_per_version() {
    let site = copy_fixture("versioned");
    // The same page in two versions; its link leads into each version, and that alone differs.
    let shared = "# Shared\n\nThe same zeppelin text, and [the intro](./intro.md).\n";
    for version in ["2.0", "1.1"] {
        common::write(
            site.path(),
            &format!("versioned_docs/version-{version}/guides/shared.md"),
            shared,
        );
    }
    let b = build(site.path());
    let pages = fragments(&b);
    let versions = |url: &str| -> Vec<String> {
        let page = pages
            .iter()
            .find(|p| p["url"] == url)
            .unwrap_or_else(|| panic!("no entry for {url}"));
        let mut v: Vec<String> =
            serde_json::from_value(page["filters"]["version"].clone()).unwrap();
        v.sort();
        v
    };
    assert_eq!(versions("/docs/guides/shared"), ["1.1", "2.0"]);
    assert_eq!(versions("/docs/next/guides/streaming"), ["current"]);
    // The fixture's own page that two versions share.
    assert_eq!(versions("/docs/guides/faq"), ["1.1", "2.0"]);
    // Each version's own copy of a page that differs between them; 1.0 is noIndex.
    assert_eq!(versions("/docs/guides/intro"), ["2.0"]);
    assert_eq!(versions("/docs/1.1/guides/intro"), ["1.1"]);
    assert_eq!(versions("/docs/next/guides/intro"), ["current"]);
    assert!(!pages.iter().any(|p| p["filters"]["version"]
        .as_array()
        .unwrap()
        .contains(&Value::from("1.0"))));
    // The zeppelin page is one entry, not two.
    assert_eq!(occurrences(&b, "zeppelin").len(), 1);
    // No version has an index of its own any more.
    assert!(!b
        .output
        .files
        .keys()
        .any(|k| k.contains("versions/") && k.contains("/search/")));
}

/// A build no rebuild follows (`docsite build`) keeps only each page's text and data for the
/// index it makes while writing: the same index as a build that keeps everything.
#[test]
fn a_build_without_rebuilds_indexes_the_same_pages() {
    let site = fixture("basic");
    let kept = build(&site);
    let mut builder = Builder::new();
    let options = BuildOptions {
        index_later: true,
        once: true,
        ..BuildOptions::default()
    };
    let built = builder.build(&site, &options).unwrap();
    assert!(built
        .output
        .files
        .keys()
        .all(|k| !k.starts_with("_site/search/")));
    let files = builder.refresh_search().unwrap().expect("an index");
    let search: Vec<_> = kept
        .output
        .files
        .iter()
        .filter(|(k, _)| k.starts_with("_site/search"))
        .collect();
    assert_eq!(files.len(), search.len());
    for (path, bytes) in files {
        assert_eq!(kept.output.get(&path), Some(bytes.as_slice()), "{path}");
    }
}
