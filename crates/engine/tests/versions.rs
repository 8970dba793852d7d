//! Versioned docs as Docusaurus lays them out (fixture `versioned`: the current docs and three
//! released versions, each with its own sidebars file, under `routeBasePath: /docs`): routes,
//! each version's metadata, the banner's link to the same page in the latest version, links that
//! stay inside their version, sitemap, canonical links, search and `llms.txt` per version.

mod common;
use common::{build, copy_fixture, fails, fixture, inline_data, json, replace_in, text, write};
use docsite_engine::{BuildOptions, Builder};

fn canonical(html: &str) -> &str {
    let start = "<link rel=\"canonical\" href=\"";
    let from = html.find(start).expect("a canonical link") + start.len();
    &html[from..from + html[from..].find('"').unwrap()]
}

#[test]
fn every_version_has_its_routes_and_the_last_is_at_the_route_base() {
    let b = build(&fixture("versioned"));
    for file in [
        "docs/index.html",
        "docs/guides/intro/index.html",
        "docs/next/index.html",
        "docs/next/guides/streaming/index.html",
        "docs/1.1/guides/intro/index.html",
        "docs/1.0/guides/legacy/index.html",
    ] {
        assert!(b.output.get(file).is_some(), "no {file}");
    }
    assert!(b.output.get("docs/guides/streaming/index.html").is_none());
    assert!(b.output.get("docs/guides/legacy/index.html").is_none());
    assert_eq!(b.pages, 4 + 4 + 4 + 4);
}

#[test]
fn each_version_carries_its_metadata_with_docusaurus_defaults() {
    let b = build(&fixture("versioned"));
    let version = |file: &str| inline_data(&text(&b, file))["site"]["version"].clone();
    let next = version("docs/next/index.html");
    assert_eq!(next["version"], "current");
    assert_eq!(next["label"], "Next");
    assert_eq!(next["banner"], "unreleased");
    assert_eq!(next["badge"], true);
    assert_eq!(next["isLast"], false);
    assert_eq!(next["className"], "docs-version-current");
    let last = version("docs/index.html");
    assert_eq!(
        (last["version"].as_str(), last["isLast"].as_bool()),
        (Some("2.0"), Some(true))
    );
    assert!(last["banner"].is_null());
    let old = version("docs/1.1/index.html");
    assert_eq!(old["banner"], "unmaintained");
    let oldest = version("docs/1.0/index.html");
    assert_eq!(oldest["label"], "1.0 (old)", "site.yaml's label");
    assert_eq!(oldest["noIndex"], true);
    let html = text(&b, "docs/1.0/index.html");
    assert!(html.contains("<meta name=\"robots\" content=\"noindex, nofollow\">"));
    assert!(html.contains("class=\"docs-version-1.0\""));
    // The menu: the current docs first, then versions.json's order, then the hosted elsewhere.
    let menu = &inline_data(&text(&b, "docs/index.html"))["site"]["versionMenu"];
    let labels: Vec<&str> = menu["versions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["Next", "2.0", "1.1", "1.0 (old)"]);
    assert_eq!(
        menu["external"][0]["href"],
        "https://archive.versions.example/0.x/"
    );
}

#[test]
fn an_older_page_links_to_itself_in_the_latest_version_or_to_its_first_page() {
    let b = build(&fixture("versioned"));
    let intro = text(&b, "docs/1.1/guides/intro/index.html");
    assert!(
        intro.contains("<a class=\"version-banner__latest\" href=\"/docs/guides/intro\">the latest version (2.0)</a>"),
        "{intro}"
    );
    assert_eq!(
        canonical(&intro),
        "https://versions.example/docs/guides/intro"
    );
    let page = &inline_data(&intro)["page"];
    assert_eq!(page["versions"]["2.0"], "/docs/guides/intro");
    assert_eq!(page["versions"]["current"], "/docs/next/guides/intro");
    // Gone from the latest version: the banner leads to its first page, the page is canonical.
    let legacy = text(&b, "docs/1.0/guides/legacy/index.html");
    assert!(legacy.contains("class=\"version-banner__latest\" href=\"/docs\""));
    assert_eq!(
        canonical(&legacy),
        "https://versions.example/docs/1.0/guides/legacy"
    );
    // The no-JS version menu leads to the same page in every version that has it.
    assert!(intro.contains("<li><a href=\"/docs/next/guides/intro\">Next</a></li>"));
    assert!(
        intro.contains("<li><a href=\"/docs/1.1/guides/intro\" aria-current=\"true\">1.1</a></li>")
    );
    assert!(legacy.contains("<li><a href=\"/docs/1.1\">1.1</a></li>"));
}

#[test]
fn links_and_navbar_stay_inside_the_version() {
    let b = build(&fixture("versioned"));
    let index = text(&b, "docs/1.1/index.html");
    assert!(index.contains("href=\"/docs/1.1/install\""), "{index}");
    assert!(index.contains("href=\"/docs/1.1/guides/intro\""));
    // The navbar's Guides entry leads to this version's guide.
    assert!(index.contains("href=\"/docs/1.1/guides/intro\">Guides</a>"));
    let last = text(&b, "docs/install/index.html");
    assert!(last.contains("href=\"/docs/guides/intro#setting-up\""));
    // The edit link names the version's own folder.
    let page = inline_data(&index)["page"].clone();
    assert_eq!(
        page["editUrl"],
        "https://git.example/edit/main/versioned_docs/version-1.1/index.md"
    );
}

#[test]
fn sitemap_catalogue_search_and_llms_per_version() {
    let b = build(&fixture("versioned"));
    let sitemap = text(&b, "sitemap.xml");
    for url in [
        "/docs/guides/intro<",
        "/docs/next/guides/streaming<",
        "/docs/1.1/install<",
    ] {
        assert!(sitemap.contains(url), "{url} missing");
    }
    assert!(
        !sitemap.contains("/docs/1.0/"),
        "noIndex versions leave the sitemap"
    );
    let catalogue = json(&b, "_site/catalogue.json");
    let pages = catalogue["pages"].as_array().unwrap();
    assert_eq!(pages.len(), 16);
    assert!(pages
        .iter()
        .any(|p| p["version"] == "1.0" && p["route"] == "/docs/1.0/guides/legacy"));
    // One index for every version (see `search.rs`), and each version's own word list.
    let terms = |path: &str| text(&b, path);
    assert!(terms("_site/search-terms.json").contains("quasar"));
    assert!(!terms("_site/search-terms.json").contains("nebula"));
    assert!(terms("_site/versions/current/search-terms.json").contains("nebula"));
    assert!(b.output.get("_site/search/pagefind.js").is_some());
    assert!(text(&b, "llms.txt").contains("/docs/guides/intro"));
    let next_llms = text(&b, "docs/next/llms.txt");
    assert!(
        next_llms.contains("/docs/next/guides/streaming"),
        "{next_llms}"
    );
    assert!(b.output.get("_site/versions/current/site.json").is_some());
}

#[test]
fn a_page_may_link_to_another_version_and_redirects_are_the_sites() {
    let b = build(&fixture("versioned"));
    // The current docs link to the latest release's page by its absolute route.
    let streaming = text(&b, "docs/next/guides/streaming/index.html");
    assert!(
        streaming.contains("href=\"/docs/guides/intro\""),
        "{streaming}"
    );
    // The redirect is made once, by the last version, whose page it leads to.
    let redirect = text(&b, "docs/start/index.html");
    assert!(
        redirect.contains("https://versions.example/docs/guides/intro"),
        "{redirect}"
    );
    assert!(text(&b, "_redirects").contains("/docs/start /docs/guides/intro"));
}

#[test]
fn a_broken_link_names_the_version_and_its_file() {
    let site = copy_fixture("versioned");
    replace_in(
        &site.path().join("versioned_docs/version-1.1/install.md"),
        "guides/intro.md#setting-up",
        "guides/streaming.md",
    );
    let d = fails(site.path()).to_string();
    assert!(d.contains("versioned_docs/version-1.1/install.md"), "{d}");
}

#[test]
fn bad_version_settings_are_errors_that_say_where() {
    let site = copy_fixture("versioned");
    write(site.path(), "versions.json", "[\"2.0\",\n \"1/1\"]\n");
    let d = fails(site.path()).to_string();
    assert!(d.contains("versions.json:2") && d.contains("`1/1`"), "{d}");

    let site = copy_fixture("versioned");
    std::fs::remove_file(
        site.path()
            .join("versioned_sidebars/version-1.1-sidebars.json"),
    )
    .unwrap();
    let d = fails(site.path()).to_string();
    assert!(
        d.contains("versioned_sidebars/version-1.1-sidebars.json"),
        "{d}"
    );

    let site = copy_fixture("versioned");
    replace_in(
        &site.path().join("site.yaml"),
        "noIndex: true",
        "banner: maybe",
    );
    let d = fails(site.path()).to_string();
    assert!(
        d.contains("banner must be `none`, `unreleased` or `unmaintained`"),
        "{d}"
    );

    // Two versions at one path: their pages would be one file.
    let site = copy_fixture("versioned");
    replace_in(
        &site.path().join("site.yaml"),
        "label: \"1.0 (old)\"",
        "path: \"1.1\"",
    );
    let d = fails(site.path()).to_string();
    assert!(
        d.contains("versions `1.1` and `1.0` both make `/docs/1.1/index.html`"),
        "{d}"
    );

    let site = copy_fixture("versioned");
    replace_in(&site.path().join("site.yaml"), "\"1.0\":", "\"0.9\":");
    let d = fails(site.path()).to_string();
    assert!(d.contains("unknown version `0.9`"), "{d}");
}

#[test]
fn versions_can_be_left_out_and_the_last_one_chosen() {
    let site = copy_fixture("versioned");
    let yaml = site.path().join("site.yaml");
    let text_of = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(
        &yaml,
        format!("{text_of}lastVersion: current\nonlyIncludeVersions: [current, \"2.0\"]\n"),
    )
    .unwrap();
    let b = build(site.path());
    assert!(
        b.output.get("docs/guides/streaming/index.html").is_some(),
        "current at the base"
    );
    assert!(b.output.get("docs/2.0/guides/intro/index.html").is_some());
    assert!(b.output.get("docs/1.1/index.html").is_none());
    let v = inline_data(&text(&b, "docs/2.0/index.html"))["site"]["version"].clone();
    assert_eq!(v["banner"], "unmaintained");
}

#[test]
fn an_edit_in_one_version_renders_only_that_page_again() {
    let site = copy_fixture("versioned");
    let mut builder = Builder::new();
    let first = builder
        .build(site.path(), &BuildOptions::default())
        .unwrap();
    // `guides/faq.md` is the same in 2.0 and 1.1: rendered once.
    assert_eq!(first.rendered, 15);
    replace_in(
        &site
            .path()
            .join("versioned_docs/version-1.1/guides/intro.md"),
        "pulsar",
        "magnetar",
    );
    let again = builder
        .build(site.path(), &BuildOptions::default())
        .unwrap();
    assert_eq!(again.rendered, 1);
    assert!(text(&again, "docs/1.1/guides/intro/index.html").contains("magnetar"));
}

#[test]
fn told_what_changed_a_rebuild_keeps_the_versions_it_did_not_touch() {
    let site = copy_fixture("versioned");
    let mut builder = Builder::new();
    let first = builder
        .build(site.path(), &BuildOptions::default())
        .unwrap();
    let page = site
        .path()
        .join("versioned_docs/version-1.1/guides/intro.md");
    replace_in(&page, "pulsar", "magnetar");
    builder.files_changed(vec![page.clone()]);
    let again = builder
        .build(site.path(), &BuildOptions::default())
        .unwrap();
    assert_eq!((again.rendered, again.versions_built), (1, 1));
    assert!(text(&again, "docs/1.1/guides/intro/index.html").contains("magnetar"));
    // Every other file is the one of the first build, llms.txt included (the versions share
    // one search index, which changes with the page).
    let own = |path: &str| {
        path.starts_with("docs/1.1/")
            || path.starts_with("_site/pages/docs/1.1/")
            || path.contains("versions/1.1/")
            || path.starts_with("_site/catalogue")
            || path.starts_with("_site/search/")
    };
    for (path, bytes) in &again.output.files {
        if !own(path) {
            assert_eq!(
                first.output.get(path),
                Some(bytes.as_slice()),
                "{path} changed"
            );
        }
    }
    let others = |b: &docsite_engine::Built| b.output.files.keys().filter(|p| !own(p)).count();
    assert_eq!(others(&first), others(&again));

    // A new page changes what every version shows of the others: they are built again.
    write(
        site.path(),
        "versioned_docs/version-1.1/guides/extra.md",
        "# Extra\n\nOnly in 1.1.\n",
    );
    builder.files_changed(vec![site
        .path()
        .join("versioned_docs/version-1.1/guides/extra.md")]);
    let grown = builder
        .build(site.path(), &BuildOptions::default())
        .unwrap();
    assert_eq!(grown.versions_built, 4);
    assert!(grown
        .output
        .get("docs/1.1/guides/extra/index.html")
        .is_some());
    let next = inline_data(&text(&grown, "docs/next/guides/intro/index.html"));
    assert_eq!(next["page"]["versions"]["1.1"], "/docs/1.1/guides/intro");
    // The whole-site files follow every change to the catalogue: a page's description (its
    // first paragraph) and a new page.
    assert!(text(&again, "_site/catalogue.json").contains("magnetar"));
    assert!(text(&grown, "_site/catalogue.json").contains("/docs/1.1/guides/extra"));
    assert!(text(&grown, "sitemap.xml").contains("/docs/1.1/guides/extra"));
    // An edit that leaves the catalogue as it was keeps the files the last merge made.
    let extra = site
        .path()
        .join("versioned_docs/version-1.1/guides/extra.md");
    std::fs::write(&extra, "# Extra\n\nOnly in 1.1.\n\nA second paragraph.\n").unwrap();
    builder.files_changed(vec![extra]);
    let same = builder
        .build(site.path(), &BuildOptions::default())
        .unwrap();
    assert!(text(&same, "docs/1.1/guides/extra/index.html").contains("A second paragraph"));
    for file in ["_site/catalogue.json", "sitemap.xml", "robots.txt"] {
        assert!(
            std::sync::Arc::ptr_eq(&same.output.files[file], &grown.output.files[file]),
            "{file} made again"
        );
    }

    // A file every version reads (site.yaml) rebuilds them all.
    replace_in(
        &site.path().join("site.yaml"),
        "Versioned Fixture",
        "Versioned Site",
    );
    builder.files_changed(vec![site.path().join("site.yaml")]);
    let renamed = builder
        .build(site.path(), &BuildOptions::default())
        .unwrap();
    assert_eq!(renamed.versions_built, 4);
    assert!(text(&renamed, "docs/next/index.html").contains("Versioned Site"));
    assert!(text(&renamed, "docs/index.html").contains("Versioned Site"));
}

/// A page that reads the same in several versions is rendered once; each version's copy
/// still leads into its own version, in its HTML, its page data and its Markdown twin.
#[test]
fn a_page_the_same_in_several_versions_is_rendered_once() {
    let site = copy_fixture("versioned");
    let shared = "# Shared\n\nSee [the intro](./intro.md), [this page](./shared.md#setup), \
                  [a sibling route](intro) and [the overview](../index.md).\n\n## Setup\n\nText.\n";
    // A relative route that climbs out of its version is rendered for each version: from
    // another base it could lead elsewhere.
    let climbing = "# Climbing\n\nSee [the current docs](../../next/guides/streaming).\n";
    for version in ["2.0", "1.1", "1.0"] {
        write(
            site.path(),
            &format!("versioned_docs/version-{version}/guides/shared.md"),
            shared,
        );
    }
    for version in ["1.1", "1.0"] {
        write(
            site.path(),
            &format!("versioned_docs/version-{version}/guides/climbing.md"),
            climbing,
        );
    }
    let b = build(site.path());
    // 16 pages (15 renders), shared.md once for three versions, climbing.md in each of its two.
    assert_eq!(b.pages, 16 + 5);
    assert_eq!(b.rendered, 15 + 1 + 2);
    for (base, route) in [
        ("/docs", "docs"),
        ("/docs/1.1", "docs/1.1"),
        ("/docs/1.0", "docs/1.0"),
    ] {
        let html = text(&b, &format!("{route}/guides/shared/index.html"));
        for href in [
            format!("href=\"{base}/guides/intro\""),
            format!("href=\"{base}/guides/shared#setup\""),
            format!("href=\"{base}\""),
        ] {
            assert!(html.contains(&href), "{route}: no {href}");
        }
        assert!(!html.contains("__docsite_version_"), "{route}");
        let twin = text(&b, &format!("{route}/guides/shared.md"));
        assert!(
            twin.contains(&format!("(https://versions.example{base}/guides/intro)")),
            "{route}: {twin}"
        );
        assert!(!twin.contains("__docsite_version_"));
    }
    for route in ["docs/1.1", "docs/1.0"] {
        let climbing = text(&b, &format!("{route}/guides/climbing/index.html"));
        assert!(
            climbing.contains("href=\"/docs/next/guides/streaming\""),
            "{route}"
        );
    }
}

/// A build that no rebuild follows (`docsite build`) frees each version as it goes, and
/// makes the same output as one that keeps every version for a rebuild.
#[test]
fn a_build_without_rebuilds_makes_the_same_output() {
    let site = fixture("versioned");
    let options = |once| BuildOptions {
        once,
        ..BuildOptions::default()
    };
    let kept = Builder::new().build(&site, &options(false)).unwrap();
    let freed = Builder::new().build(&site, &options(true)).unwrap();
    assert_eq!(kept.output.files.len(), freed.output.files.len());
    for (path, bytes) in &kept.output.files {
        assert_eq!(freed.output.get(path), Some(bytes.as_slice()), "{path}");
    }
}

/// `docsite build` writes each version as soon as it is built: the folder holds exactly the
/// output of a build made in memory, search index included.
#[test]
fn a_site_written_version_by_version_is_the_site_built_in_memory() {
    common::assert_written_as_built(&fixture("versioned"));
}

/// Two versions that make one file differently, found only as the second is written: the
/// build fails naming both, and the folder keeps the last output, with nothing left beside it
/// half-written.
#[test]
fn a_conflict_found_while_writing_leaves_the_folder_as_it_was() {
    let site = copy_fixture("versioned");
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    let options = BuildOptions {
        once: true,
        ..BuildOptions::default()
    };
    Builder::new()
        .build_to(site.path(), &options, &out)
        .unwrap();
    Builder::new()
        .build_to(site.path(), &options, &out)
        .unwrap();
    let before = common::files_under(&out);
    let spare_before = common::files_under(&tmp.path().join(".build.previous"));
    replace_in(
        &site.path().join("site.yaml"),
        "label: \"1.0 (old)\"",
        "path: \"1.1\"",
    );
    let failure = Builder::new().build_to(site.path(), &options, &out);
    let Err(docsite_engine::Failure::Build(d)) = failure else {
        panic!("a conflict is a build error: {failure:?}");
    };
    assert!(
        d.to_string()
            .contains("versions `1.1` and `1.0` both make `/docs/1.1/index.html`"),
        "{d}"
    );
    assert!(
        common::files_under(&out) == before,
        "the output is unchanged"
    );
    assert!(
        common::files_under(&tmp.path().join(".build.previous")) == spare_before,
        "the spare folder is as it was, no temporary file left in it"
    );
}
