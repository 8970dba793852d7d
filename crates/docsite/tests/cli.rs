//! The `docsite` command as a user runs it.

mod common;

use common::{docsite, fixture_copy, get, wait_for, Server};
use std::path::PathBuf;
use std::time::Duration;

#[test]
fn build_writes_the_site_and_check_passes() {
    let tmp = fixture_copy();
    let site = tmp.path().join("site");
    let out = tmp.path().join("out");
    let r = docsite()
        .arg("build")
        .arg(&site)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let stderr = String::from_utf8_lossy(&r.stderr);
    // 21 pages and the generated indexes of two categories without a page.
    assert!(stderr.contains("23 pages"), "{stderr}");
    assert!(stderr.contains("render"), "timings per stage: {stderr}");
    assert!(out.join("guides/alpha/index.html").exists());
    assert!(out.join("_site/catalogue.json").exists());
    let c = docsite().arg("check").arg(&site).output().unwrap();
    assert!(c.status.success());
}

#[test]
fn check_reports_the_api_names_no_page_documents() {
    let tmp = fixture_copy();
    let site = tmp.path().join("site");
    let write = |rel: &str, text: &str| {
        let path = site.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("examples/requirements.txt", "demo==1.0\n");
    write(
        "api/demo.json",
        r#"{"package": "demo", "version": "1.0", "sourceUrl": "https://x/", "objects": [
        {"name": "demo.LIMIT", "kind": "constant", "source": {"file": "d.py", "line": 1}},
        {"name": "demo.other", "kind": "constant", "source": {"file": "d.py", "line": 2}},
        {"name": "demo.alias", "kind": "constant", "source": {"file": "d.py", "line": 3}}]}"#,
    );
    write("api/exclusions.tsv", "demo.alias\tan alias of demo.LIMIT\n");
    write(
        "docs/ref.md",
        "---\ntitle: Ref\n---\n\n<ApiEntry name=\"demo.LIMIT\">\n\nThe limit.\n\n</ApiEntry>\n",
    );
    let c = docsite().arg("check").arg(&site).output().unwrap();
    let stderr = String::from_utf8_lossy(&c.stderr);
    assert!(c.status.success(), "{stderr}");
    assert!(
        stderr.contains(
            "API coverage of demo 1.0: 1 of 3 names documented, 1 excluded, 1 undocumented"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("  undocumented: demo.other\n"), "{stderr}");
    assert!(!stderr.contains("undocumented: demo.alias"), "{stderr}");
}

#[test]
fn a_failed_build_exits_non_zero_and_keeps_the_old_output() {
    let tmp = fixture_copy();
    let site = tmp.path().join("site");
    let out = tmp.path().join("out");
    assert!(docsite()
        .arg("build")
        .arg(&site)
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap()
        .success());
    let before = std::fs::read(out.join("guides/zeta/index.html")).unwrap();
    std::fs::write(
        site.join("docs/guides/zeta.md"),
        "---\ntitle: Z\n---\n\nSee [x](/gone).\n",
    )
    .unwrap();
    let r = docsite()
        .arg("build")
        .arg(&site)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(!r.status.success());
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert!(stderr.contains("error: broken link `/gone`"), "{stderr}");
    assert!(stderr.contains("docs/guides/zeta.md:5:5"), "{stderr}");
    assert_eq!(
        std::fs::read(out.join("guides/zeta/index.html")).unwrap(),
        before
    );
    let names: Vec<String> = std::fs::read_dir(tmp.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into())
        .collect();
    assert_eq!(names.len(), 2, "no staging folder is left: {names:?}");
    // Every error of a file is reported, and check ends with the count of files with errors.
    std::fs::write(
        site.join("docs/guides/zeta.md"),
        "---\ntitle: Z\n---\n\n:::nope\nx\n:::\n\n<Unknown />\n\nSee [x](/gone).\n",
    )
    .unwrap();
    let check = docsite().arg("check").arg(&site).output().unwrap();
    assert_eq!(check.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&check.stderr);
    assert!(
        stderr.contains("`nope`") && stderr.contains("`<Unknown>`"),
        "{stderr}"
    );
    assert!(
        stderr.contains("with 2 errors and 0 warnings in 1 file with errors"),
        "{stderr}"
    );
    let fresh = tmp.path().join("fresh");
    assert!(!docsite()
        .arg("build")
        .arg(&site)
        .arg("-o")
        .arg(&fresh)
        .status()
        .unwrap()
        .success());
    assert!(!fresh.exists(), "a failed build leaves no output folder");
}

fn body(response: &str) -> &str {
    response.split_once("\r\n\r\n").map_or("", |(_, b)| b)
}

#[test]
fn serve_rebuilds_a_file_saved_as_it_starts() {
    let tmp = fixture_copy();
    let site: PathBuf = tmp.path().join("site");
    let server = Server::start(&site);
    // Saved the moment the server says it is up: the watcher is already there.
    let page = site.join("docs/guides/zeta.md");
    let text = std::fs::read_to_string(&page).unwrap();
    std::fs::write(
        &page,
        text.replace("Zeta content.", "Zeta content, saved early."),
    )
    .unwrap();
    assert!(
        wait_for(10, || get(server.port, "/guides/zeta")
            .contains("Zeta content, saved early.")),
        "the change is served"
    );
}

#[test]
fn serve_rebuilds_on_change_and_keeps_the_last_good_output() {
    let tmp = fixture_copy();
    let site: PathBuf = tmp.path().join("site");
    let server = Server::start(&site);
    let (port, rx) = (server.port, &server.lines);
    assert!(get(port, "/guides/zeta").contains("Zeta content."));
    let first_index = get(port, "/_site/search/pagefind-entry.json");
    // Reading files to serve or rebuild must not itself count as a change.
    std::thread::sleep(Duration::from_millis(600));
    assert!(
        !rx.try_iter().any(|l| l.contains(" pages (")),
        "no rebuild without a change"
    );
    let page = site.join("docs/guides/zeta.md");
    let text = std::fs::read_to_string(&page).unwrap();
    std::fs::write(&page, text.replace("Zeta content.", "Zeta content, live.")).unwrap();
    assert!(
        wait_for(10, || get(port, "/guides/zeta")
            .contains("Zeta content, live.")),
        "a change is served"
    );
    assert!(get(port, "/guides/zeta").contains("/_site/livereload.js"));
    // The search index follows a moment later, without another page rebuild.
    let mut lines = Vec::new();
    assert!(wait_for(10, || {
        lines.extend(rx.try_iter());
        lines
            .iter()
            .any(|l| l.starts_with("search index updated in"))
    }));
    let entry = get(port, "/_site/search/pagefind-entry.json");
    assert_ne!(body(&entry), body(&first_index), "a new index is served");
    std::fs::write(&page, "---\ntitle: Z\n---\n\n<Broken />\n").unwrap();
    assert!(wait_for(10, || {
        lines.extend(rx.try_iter());
        lines
            .iter()
            .any(|l| l.contains("still serving the last good build"))
    }));
    assert!(lines
        .iter()
        .any(|l| l.contains("unknown component `<Broken>`")));
    assert!(
        get(port, "/guides/zeta").contains("Zeta content, live."),
        "the last good output stays"
    );
    drop(server);
}
