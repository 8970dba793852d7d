//! The tools on a small hand-made site: ranking, filters, sections, continuation, and every
//! kind of bad argument.

mod common;

use docsite_mcp::docs::{MAX_ANSWER_CHARS, MAX_LIMIT, MAX_QUERY_CHARS};
use serde_json::Value;

fn urls(found: &Value) -> Vec<String> {
    found["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["url"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn search_ranks_the_page_and_section_first() {
    let docs = common::docs();
    let found = docs
        .search("how do I retry a failed run", None, None, None)
        .unwrap();
    let first = &found["results"][0];
    assert_eq!(
        first["url"], "https://docs.example.com/guides/retries#run-retries",
        "{found:#}"
    );
    assert_eq!(first["breadcrumb"], "Guides › Retrying failed runs");
    assert_eq!(first["area"], "Docs");
    assert!(
        first["snippet"].as_str().unwrap().contains("retry"),
        "{first}"
    );
}

#[test]
fn search_forgives_typos_and_finds_prefixes_and_api_names_whole() {
    let docs = common::docs();
    let typo = docs.search("shedules", None, None, None).unwrap();
    assert!(urls(&typo)[0].ends_with("/guides/schedules"), "{typo:#}");
    let prefix = docs.search("sched", None, None, None).unwrap();
    assert!(
        urls(&prefix)[0].ends_with("/guides/schedules"),
        "{prefix:#}"
    );
    let api = docs.search("dg.AssetKey", None, None, None).unwrap();
    assert_eq!(
        urls(&api)[0],
        "https://docs.example.com/api/assets#dagster.AssetKey",
        "{api:#}"
    );
}

#[test]
fn search_leaves_out_unlisted_pages_and_filters_by_area() {
    let docs = common::docs();
    let hidden = docs.search("zebra", None, None, None).unwrap();
    assert!(urls(&hidden).is_empty(), "{hidden:#}");
    let api_only = docs
        .search("asset", Some("api reference"), None, None)
        .unwrap();
    assert!(!urls(&api_only).is_empty());
    assert!(
        urls(&api_only).iter().all(|u| u.contains("/api/")),
        "{api_only:#}"
    );
    let none = docs
        .search("retry", Some("API reference"), None, None)
        .unwrap();
    assert!(urls(&none).iter().all(|u| u.contains("/api/")));
}

#[test]
fn search_refuses_bad_arguments() {
    let docs = common::docs();
    let long = "a".repeat(MAX_QUERY_CHARS + 1);
    for (query, area, version, limit, says) in [
        ("", None, None, None, "empty"),
        ("   ", None, None, None, "empty"),
        (long.as_str(), None, None, None, "longer than"),
        ("retry", Some("Nowhere"), None, None, "unknown area"),
        ("retry", None, Some("0.1"), None, "unknown version"),
        ("retry", None, None, Some(0), "limit"),
        ("retry", None, None, Some(MAX_LIMIT + 1), "limit"),
    ] {
        let err = docs.search(query, area, version, limit).unwrap_err();
        assert!(err.0.contains(says), "{err:?} should say {says}");
    }
    assert!(docs.search("retry", None, Some("1.0"), Some(1)).is_ok());
}

#[test]
fn read_page_takes_paths_urls_twins_and_sections() {
    let docs = common::docs();
    for path in [
        "/guides/retries",
        "guides/retries",
        "/guides/retries/",
        "/guides/retries.md",
        "https://docs.example.com/guides/retries",
    ] {
        let page = docs.read_page(path, None, None).unwrap();
        assert!(
            page.starts_with("URL: https://docs.example.com/guides/retries\n"),
            "{path}"
        );
        assert!(page.contains("## Op retries"), "{path}");
    }
    let section = docs
        .read_page("/guides/retries", Some("run-retries"), None)
        .unwrap();
    assert!(
        section.contains("max_retries") && !section.contains("RetryPolicy"),
        "{section}"
    );
    let by_fragment = docs
        .read_page(
            "https://docs.example.com/guides/retries#op-retries",
            None,
            None,
        )
        .unwrap();
    assert!(by_fragment.contains("RetryPolicy") && !by_fragment.contains("max_retries"));
    let by_heading = docs
        .read_page("/guides/retries", Some("op retries"), None)
        .unwrap();
    assert_eq!(by_heading, by_fragment);
    assert!(docs
        .read_page("/", None, None)
        .unwrap()
        .contains("# Overview"));
    assert!(docs
        .read_page("index.md", None, None)
        .unwrap()
        .contains("# Overview"));
}

#[test]
fn read_page_continues_a_long_page() {
    let docs = common::docs();
    let first = docs.read_page("/guides/schedules", None, None).unwrap();
    assert!(first.chars().count() < MAX_ANSWER_CHARS + 500);
    let marker = "call read_page again with offset=";
    let at = first.rfind(marker).expect("a continuation line");
    let offset: usize = first[at + marker.len()..]
        .trim_end_matches(']')
        .parse()
        .unwrap();
    assert_eq!(offset, MAX_ANSWER_CHARS);
    let mut whole =
        first[first.find("\n\n").unwrap() + 2..first.rfind("\n\n[continued").unwrap()].to_string();
    let mut next = Some(offset);
    while let Some(o) = next {
        let part = docs.read_page("/guides/schedules", None, Some(o)).unwrap();
        let body_start = part.find("\n\n").unwrap() + 2;
        match part.rfind("\n\n[continued") {
            Some(end) => {
                whole.push_str(&part[body_start..end]);
                let at = part.rfind(marker).unwrap();
                next = Some(
                    part[at + marker.len()..]
                        .trim_end_matches(']')
                        .parse()
                        .unwrap(),
                );
            }
            None => {
                whole.push_str(&part[body_start..]);
                next = None;
            }
        }
    }
    let twin = &common::pages()[2].twin;
    assert_eq!(&whole, twin, "the parts make the page");
    let past = docs
        .read_page("/guides/schedules", None, Some(twin.len() + 1))
        .unwrap_err();
    assert!(past.0.contains("past the end"));
}

#[test]
fn read_page_refuses_paths_outside_the_site() {
    let docs = common::docs();
    for (path, says) in [
        ("../../etc/passwd", "leaves the site"),
        ("/guides/../../etc/passwd", "leaves the site"),
        ("guides\\retries", "leaves the site"),
        ("/guides/retries\u{0}", "leaves the site"),
        (
            "https://evil.example.com/guides/retries",
            "not a URL of this site",
        ),
        (
            "https://docs.example.com.evil.com/guides/retries",
            "not a URL of this site",
        ),
        ("file:///etc/passwd", "no page"),
        ("/_site/catalogue.json", "no page"),
        ("/nope", "no page"),
        ("", "empty"),
    ] {
        let err = docs.read_page(path, None, None).unwrap_err();
        assert!(err.0.contains(says), "{path}: {err:?}");
    }
    let long = format!("/{}", "a".repeat(5000));
    assert!(docs
        .read_page(&long, None, None)
        .unwrap_err()
        .0
        .contains("longer than"));
    let err = docs
        .read_page("/guides/retries", Some("nope"), None)
        .unwrap_err();
    assert!(err.0.contains("run-retries, op-retries"), "{err:?}");
}

#[test]
fn lookup_api_reads_entries_and_suggests_names() {
    let docs = common::docs();
    for name in [
        "dagster.asset",
        "dg.asset",
        "@dg.asset",
        "dagster.asset()",
        "DG.ASSET",
        "asset",
    ] {
        let entry = docs.lookup_api(name).unwrap();
        assert!(
            entry.starts_with(
                "Name: dagster.asset\nURL: https://docs.example.com/api/assets#dagster.asset"
            ),
            "{name}: {entry}"
        );
        assert!(
            entry.contains("@dagster.asset(name") && entry.contains("The asset's name."),
            "{entry}"
        );
        assert!(!entry.contains("AssetKey"), "one entry only: {entry}");
    }
    let err = docs.lookup_api("dagster.AsetKey").unwrap_err();
    assert!(err.0.contains("did you mean: dagster.AssetKey"), "{err:?}");
    assert!(docs.lookup_api("").is_err());
    assert!(docs
        .lookup_api(&"x".repeat(1000))
        .unwrap_err()
        .0
        .contains("longer than"));
    assert!(docs
        .lookup_api("completely_unrelated_zzz")
        .unwrap_err()
        .0
        .contains("no close name"));
}

#[test]
fn list_pages_in_reading_order_by_sidebar() {
    let docs = common::docs();
    let all = docs.list_pages(None, None).unwrap();
    let paths: Vec<&str> = all["pages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        ["/", "/guides/retries", "/guides/schedules", "/api/assets"]
    );
    let api = docs.list_pages(Some("API reference"), None).unwrap();
    assert_eq!(api["total"], 1);
    let by_name = docs.list_pages(Some("api"), None).unwrap();
    assert_eq!(api, by_name);
    let rest = docs.list_pages(None, Some(3)).unwrap();
    assert_eq!(rest["pages"][0]["path"], "/api/assets");
    assert!(rest["nextOffset"].is_null());
    assert!(docs
        .list_pages(Some("nope"), None)
        .unwrap_err()
        .0
        .contains("unknown sidebar"));
    assert!(docs.list_pages(None, Some(99)).is_err());
}
