//! A site with versions (the engine's `versioned` fixture: 2.0 the latest, 1.1, 1.0 and the
//! current docs): search looks in the latest version unless asked for another, results name
//! their version, and each version's pages carry their own breadcrumbs.

use docsite_engine::{BuildOptions, Builder};
use docsite_mcp::Docs;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::OnceLock;

fn docs() -> &'static Docs {
    static DOCS: OnceLock<Docs> = OnceLock::new();
    DOCS.get_or_init(|| {
        let site =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/fixtures/versioned");
        let options = BuildOptions {
            index_later: true,
            ..BuildOptions::default()
        };
        let built = Builder::new()
            .build(&site, &options)
            .unwrap_or_else(|d| panic!("the versioned fixture builds:\n{d}"));
        docsite_mcp::docs_from_output(&built.output, None).unwrap()
    })
}

fn first(found: &Value) -> &Value {
    &found["results"][0]
}

#[test]
fn search_looks_in_the_latest_version_unless_asked() {
    let docs = docs();
    assert_eq!(docs.corpus.version.as_deref(), Some("2.0"));
    assert_eq!(docs.corpus.versions.len(), 4, "{:?}", docs.corpus.versions);
    // Each version's copy of the guide has its own marker word.
    let latest = docs.search("marker word", None, None, None).unwrap();
    assert_eq!(latest["version"], "2.0");
    assert!(latest["results"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["version"] == "2.0"));
    assert!(
        first(&latest)["snippet"]
            .as_str()
            .unwrap()
            .contains("quasar"),
        "{latest:#}"
    );
    for (version, word) in [
        ("1.0", "comet"),
        ("1.1", "pulsar"),
        ("current", "nebula"),
        ("latest", "quasar"),
    ] {
        let found = docs
            .search("marker word", None, Some(version), None)
            .unwrap();
        let hit = first(&found);
        assert!(
            hit["snippet"].as_str().unwrap().contains(word),
            "{version}: {found:#}"
        );
        assert!(
            hit["url"].as_str().unwrap().contains("/guides/intro"),
            "{hit}"
        );
    }
    // A word only one version has is found there, not in the latest.
    assert_eq!(
        docs.search("comet", None, None, None).unwrap()["results"],
        serde_json::json!([])
    );
    assert_eq!(
        docs.search("comet", None, Some("1.0"), None).unwrap()["results"][0]["version"],
        "1.0"
    );
}

#[test]
fn an_unknown_version_is_an_error_listing_the_known_ones() {
    let e = docs().search("guide", None, Some("9.9"), None).unwrap_err();
    assert!(e.0.contains("unknown version `9.9`"), "{e:?}");
    for v in ["2.0", "1.1", "1.0", "current"] {
        assert!(e.0.contains(v), "{e:?}");
    }
}
