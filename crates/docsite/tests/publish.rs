//! A `docsite build` killed at any instant leaves its output whole: the old site or the new,
//! never a mix; the next build cleans what the killed one left.

use docsite_test_support::{copy_dir, fixture};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const EDITIONS: [&str; 2] = ["Edition One", "Edition Two"];

/// The `basic` fixture with `pages` more pages, so that publishing takes long enough to be
/// caught in the middle.
fn big_site(pages: usize) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    for i in 0..pages {
        let page = site.join(format!("docs/guides/many/page-{i}.md"));
        std::fs::create_dir_all(page.parent().unwrap()).unwrap();
        std::fs::write(page, format!("# Page {i}\n\nText of page {i}.\n")).unwrap();
    }
    let out = tmp.path().join("out");
    (tmp, site, out)
}

/// Sets the site title that every page of the next build shows.
fn set_edition(site: &Path, edition: &str) {
    let path = site.join("site.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let rest = text.split_once('\n').unwrap().1;
    std::fs::write(&path, format!("title: {edition}\n{rest}")).unwrap();
}

fn build(site: &Path, out: &Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_docsite"))
        .arg("build")
        .arg(site)
        .arg("-o")
        .arg(out)
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

fn build_to_end(site: &Path, out: &Path) {
    assert!(build(site, out).wait().unwrap().success());
}

/// The files under a folder, relative to it.
fn files(folder: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if entry.file_type().unwrap().is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(folder).unwrap();
                found.push(rel.to_string_lossy().into_owned());
            }
        }
    }
    found
}

/// Whether a file name is a temporary one of an update (`.index.html.docsite-1234`).
fn is_temporary(path: &str) -> bool {
    path.rsplit_once(".docsite-")
        .is_some_and(|(_, pid)| pid.parse::<u32>().is_ok())
}

/// The edition of a whole output: every page shows the same one, every sidebar file a page
/// names is there, and no temporary file is left in it.
fn whole_edition(out: &Path) -> &'static str {
    let mut seen = std::collections::BTreeSet::new();
    for path in files(out) {
        assert!(
            !is_temporary(&path),
            "a temporary file in the output: {path}"
        );
        if !path.ends_with("index.html") {
            continue;
        }
        let html = std::fs::read_to_string(out.join(&path)).unwrap();
        let edition = EDITIONS.iter().find(|e| html.contains(*e));
        seen.insert(*edition.unwrap_or_else(|| panic!("{path} shows no edition")));
        if let Some((_, rest)) = html.split_once("\"sidebarUrl\":\"/") {
            let named = rest.split('"').next().unwrap();
            assert!(out.join(named).is_file(), "{path} names {named}, not there");
        }
    }
    assert_eq!(seen.len(), 1, "a mix of outputs: {seen:?}");
    seen.pop_first().unwrap()
}

/// Whether any of a few pages of `out` shows `edition` (publishing has begun).
fn shows(out: &Path, edition: &str) -> bool {
    [
        "index.html",
        "guides/many/page-0/index.html",
        "guides/zeta/index.html",
    ]
    .iter()
    .chain(&["guides/many/page-199/index.html", "start-here/index.html"])
    .any(|p| std::fs::read_to_string(out.join(p)).is_ok_and(|h| h.contains(edition)))
}

#[test]
fn a_build_killed_at_any_instant_leaves_the_old_site_or_the_new() {
    let (tmp, site, out) = big_site(400);
    set_edition(&site, EDITIONS[0]);
    build_to_end(&site, &out);
    assert_eq!(whole_edition(&out), EDITIONS[0]);
    set_edition(&site, EDITIONS[1]);
    let start = Instant::now();
    build_to_end(&site, &out);
    let full = start.elapsed();
    assert_eq!(whole_edition(&out), EDITIONS[1]);

    let mut next = 0;
    // Killed at instants spread over a build (the publish is at its end)…
    for percent in [20, 50, 70, 80, 85, 90, 95, 100, 110] {
        set_edition(&site, EDITIONS[next]);
        let mut child = build(&site, &out);
        std::thread::sleep(full * percent / 100);
        let _ = child.kill();
        child.wait().unwrap();
        let now = whole_edition(&out);
        next = usize::from(now == EDITIONS[0]);
    }
    // …and the moment the first new page is seen in the output.
    for _ in 0..3 {
        let edition = EDITIONS[next];
        set_edition(&site, edition);
        let mut child = build(&site, &out);
        while child.try_wait().unwrap().is_none() {
            if shows(&out, edition) {
                let _ = child.kill();
                break;
            }
            std::thread::sleep(Duration::from_micros(200));
        }
        child.wait().unwrap();
        let now = whole_edition(&out);
        next = usize::from(now == EDITIONS[0]);
    }

    // A build after all that is whole, and nothing is left over, beside the output or in the
    // previous output kept beside it.
    set_edition(&site, EDITIONS[next]);
    build_to_end(&site, &out);
    assert_eq!(whole_edition(&out), EDITIONS[next]);
    let mut beside: Vec<String> = std::fs::read_dir(tmp.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    beside.sort();
    assert_eq!(beside, [".out.previous", "out", "site"]);
    let spare = tmp.path().join(".out.previous");
    assert!(!files(&spare).iter().any(|p| is_temporary(p)));
}
